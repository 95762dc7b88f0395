#!/usr/bin/env python3
"""tools/check-includes.py on small planted trees: each include that runs against the house's order
fails the check with a sentence naming its file and line; includes that run down pass."""
import os
import subprocess
import sys
import tempfile
import unittest

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "check-includes.py")


def check(files):
    """Runs the check on a tree holding files ({path: text}); returns (exit status, output)."""
    with tempfile.TemporaryDirectory() as root:
        for path, text in files.items():
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(root, path), "w") as f:
                f.write(text)
        run = subprocess.run([sys.executable, CHECK, root], capture_output=True, text=True)
        return run.returncode, run.stdout + run.stderr


HOUSE = {
    "core/types.hpp": "#pragma once\n#include <vector>\n",
    "core/input/input.hpp": '#pragma once\n#include "core/types.hpp"\n',
    "core/lesson/explain.hpp": '#pragma once\n#include "core/input/input.hpp"\n',
    "kernels/gpu_backend.hpp": '#pragma once\n#include "core/types.hpp"\n',
    "kernels/chapter/scan.cuh": "#pragma once\n#include <cuda_runtime.h>\n",
    "kernel_tracer/host/trace.hpp": '#pragma once\n#include "core/lesson/explain.hpp"\n',
    "app/gui/panel.cpp": '#include <imgui.h>\n#include "kernels/gpu_backend.hpp"\n#include "kernel_tracer/host/trace.hpp"\n'
                         '#include "app/gui/model/palette.hpp"\n',
    "app/gui/model/palette.hpp": '#pragma once\n#include "core/types.hpp"\n',
}


def planted(path, line):
    files = dict(HOUSE)
    files[path] = files.get(path, "") + line + "\n"
    return files


# Each include planted against the house's order: (file, the include, what the check must say).
PLANTED = [
    ("core/types.hpp", '#include "app/gui/panel.hpp"',
     'core/types.hpp:3: includes "app/gui/panel.hpp": core/ may not include app/, a room above it'),
    ("core/lesson/explain.hpp", '#include "kernel_tracer/host/trace.hpp"', "core/ may not include kernel_tracer/"),
    ("core/input/input.hpp", "#include <cuda_runtime.h>",
     "core/input/input.hpp:3: includes <cuda_runtime.h>, CUDA, which only kernels/ includes"),
    ("app/gui/panel.cpp", '#include "kernels/chapter/scan.cuh"', "CUDA, which only kernels/ includes"),
    ("core/types.hpp", "#include <imgui.h>", "GL or ImGui, which only app/ includes"),
    ("core/input/input.hpp", '#include "core/lesson/explain.hpp"', "core/input may not include core/lesson/, a floor above it"),
    ("kernels/gpu_backend.hpp", '#include "kernel_tracer/host/trace.hpp"', "kernels/ may not include kernel_tracer/, a room beside it"),
    ("core/input/input.hpp", '#include "../../app/gui/panel.cpp"', "core/ may not include app/"),
    ("core/input/input.hpp", '#include "core/newfloor/thing.hpp"', "core/newfloor/ is not a floor tools/check-includes.py knows"),
    ("app/gui/model/session.hpp", '#include "app/gui/shell/palette.hpp"',
     'app/gui/model/session.hpp:1: includes "app/gui/shell/palette.hpp": app/gui/model/ may not include app/gui/shell/, a room of app/ above it'),
]


class IncludeCheck(unittest.TestCase):
    def test_IncludesThatRunDownPass(self):
        status, out = check(HOUSE)
        self.assertEqual(status, 0, out)
        self.assertIn("keep the house's order", out)

    def test_EachPlantedIncludeFailsTheCheckNamingItsFileLineAndRule(self):
        for path, line, said in PLANTED:
            with self.subTest(path=path, include=line):
                files = planted(path, line)
                files.setdefault("core/newfloor/thing.hpp", "#pragma once\n")
                status, out = check(files)
                self.assertEqual(status, 1, out)
                self.assertIn(said, out)


if __name__ == "__main__":
    unittest.main()
