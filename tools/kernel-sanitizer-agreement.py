#!/usr/bin/env python3
"""Runs each student-style kernel of tests/fixtures/kernels/students/cases.tsv on the GPU under
compute-sanitizer (racecheck, initcheck, synccheck) and sets the lines it reports beside the lines
`scanlab trace --kernel` finds on the CPU, file by file: the same lines, or where they differ.

Needs a GPU, the CUDA toolkit (nvcc, compute-sanitizer) and a built scanlab:
    python3 tools/kernel-sanitizer-agreement.py [--scanlab build/app/scanlab] [--out DIR] [FILE.cu ...]
Each file is compiled with nvcc -lineinfo together with a small main written here: it reads the CPU
run's input (the trace's JSON), launches the kernel as the CPU run launched it (or calls the file's
host function scan(X, Y, n)), with Y cleared as the device check clears it, and writes nothing back.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STUDENTS = os.path.join(ROOT, "tests", "fixtures", "kernels", "students")
C_TYPES = {"int32": "int", "int64": "long", "float32": "float", "float64": "double", "int": "int", "long": "long", "float": "float",
           "double": "double"}


def cases():
    with open(os.path.join(STUDENTS, "cases.tsv")) as table:
        for line in table:
            if line.startswith("#") or not line.strip():
                continue
            f = line.rstrip("\n").split("\t")
            yield f[0], f[1].split(), f[2]


def cpu_run(scanlab, path, words, like):
    """The CPU run's trace (JSON) and the lines of its findings."""
    run = subprocess.run([scanlab, "trace", "--kernel", path, "--format", "json", "--no-device-check", "--like", like] + words,
                         capture_output=True, text=True)
    lines = sorted({int(m) for m in re.findall(r"^  line (\d+):", run.stderr, re.M)})
    trace = json.loads(run.stdout) if run.stdout.strip().startswith("{") else None
    return trace, lines, run.stderr


def harness(path, source, trace):
    t = C_TYPES[trace["type"]]
    n = trace["n"]
    section = max(trace["section"], trace["threads_per_block"])  # 0 where the trace shows Y
    values = ", ".join(str(v) for v in trace["input"])
    host = re.search(r"\bvoid\s+scan\s*\(", source) is not None
    kernel = re.search(r"__global__\s+void\s+(\w+)", source).group(1)
    dynamic = re.search(r"extern\s+__shared__", source) is not None
    shared = f", {section} * sizeof({t})" if dynamic else ""
    call = (f"scan(x, y, {n});" if host else
            f"{kernel}<<<{trace['grid']}, {trace['threads_per_block']}{shared}>>>(x, y, {n});")
    return f"""#ifndef SECTION_SIZE
#define SECTION_SIZE {section}
#endif
#include "{path}"
#include <cstdio>
int main() {{
    static const {t} input[] = {{{values}}};
    {t} *x, *y;
    cudaMallocManaged(&x, sizeof input);
    cudaMallocManaged(&y, sizeof input);
    for (int i = 0; i < {n}; ++i) x[i] = input[i];
    cudaMemset(y, 0, sizeof input);
    {call}
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) std::printf("CUDA error: %s\\n", cudaGetErrorString(e));
    return 0;
}}
"""


SANITIZER_SECONDS = int(os.environ.get("SCANLAB_SANITIZER_SECONDS", "60"))  # a kernel that never ends (a barrier some threads never reach) is stopped, and said so


def sanitizer_lines(program, tool, name):
    try:
        run = subprocess.run(["compute-sanitizer", "--tool", tool, "--print-limit", "1000", program], capture_output=True, text=True,
                             timeout=SANITIZER_SECONDS)
    except subprocess.TimeoutExpired:
        return [], f"compute-sanitizer's {tool} ran past {SANITIZER_SECONDS} s and was stopped\n"
    text = run.stdout + run.stderr
    return sorted({int(m) for m in re.findall(re.escape(name) + r":(\d+)", text)}), text


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--scanlab", default=os.path.join(ROOT, "build", "app", "scanlab"))
    parser.add_argument("--out", default=None, help="keep each file's programs and reports here")
    parser.add_argument("--arch", default="native", help="nvcc's -arch (native: the GPU present)")
    parser.add_argument("--compile-only", action="store_true", help="compile each program and stop (no GPU needed)")
    # A GPU machine may lack clang++ (the CPU run's compiler): run the CPU side where it is, and carry its results.
    parser.add_argument("--cpu-only", metavar="DIR", help="only the CPU runs: write each file's trace and lines to DIR (no GPU needed)")
    parser.add_argument("--cpu-from", metavar="DIR", help="read the CPU runs from DIR (written by --cpu-only) instead of running scanlab")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    for tool in (() if args.cpu_only else ("nvcc",)) + (() if args.compile_only or args.cpu_only else ("compute-sanitizer",)):
        if not shutil.which(tool):
            sys.exit(f"{tool} is not on PATH (the CUDA toolkit's bin folder)")
    out = args.out or tempfile.mkdtemp(prefix="scanlab-sanitizer-")
    os.makedirs(out, exist_ok=True)
    agree = differ = skipped = 0
    for name, words, like in cases():
        if args.files and name not in [os.path.basename(f) for f in args.files]:
            continue
        path = os.path.join(STUDENTS, name)
        source = open(path).read()
        if args.cpu_from:
            with open(os.path.join(args.cpu_from, name + ".json")) as f:
                trace, cpu, said = json.load(f)
        else:
            trace, cpu, said = cpu_run(args.scanlab, path, words, like)
        if args.cpu_only:
            os.makedirs(args.cpu_only, exist_ok=True)
            with open(os.path.join(args.cpu_only, name + ".json"), "w") as f:
                json.dump([trace, cpu, said], f)
            print(f"{name}: CPU run kept ({'no trace' if trace is None else 'lines ' + str(cpu or 'none')})")
            continue
        if trace is None:
            print(f"{name}: the CPU run gave no trace ({said.strip().splitlines()[-1] if said.strip() else 'no reason'}); skipped")
            skipped += 1
            continue
        main_cu = os.path.join(out, name.replace(".cu", "_main.cu"))
        program = os.path.join(out, name.replace(".cu", ""))
        with open(main_cu, "w") as f:
            f.write(harness(path, source, trace))
        build = subprocess.run(["nvcc", "-lineinfo", "-arch=" + args.arch, "--fmad=false", "-w", "-o", program, main_cu], capture_output=True, text=True)
        if build.returncode != 0:
            print(f"{name}: nvcc could not compile it:\n{build.stderr}")
            skipped += 1
            continue
        if args.compile_only:
            print(f"{name}: compiled")
            agree += 1
            continue
        gpu = set()
        for tool in ("racecheck", "initcheck", "synccheck", "memcheck"):
            lines, report = sanitizer_lines(program, tool, name)
            with open(f"{program}.{tool}.txt", "w") as f:
                f.write(report)
            gpu |= set(lines)
        gpu = sorted(gpu)
        same = gpu == cpu
        agree += same
        differ += not same
        print(f"{name}: {'same lines' if same else 'DIFFER'}: scanlab {cpu or 'none'}, compute-sanitizer {gpu or 'none'}", flush=True)
    print(f"\n{agree} files agree, {differ} differ, {skipped} skipped; reports in {out}")


if __name__ == "__main__":
    main()
