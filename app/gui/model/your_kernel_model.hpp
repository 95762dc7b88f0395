#pragma once
// The Your kernel panel's model: the student's file and its last run (YourKernel, your_kernel.hpp),
// its grading, and the commands on them: open, edit, save, run, cancel, grade, the draft kept
// over a quit. The Session owns it (session.your_kernel) and is handed to the commands that touch
// what every tab shows (the controls' run, the trace on screen, the status line), as it is to the
// Lesson player's. A run of the kernel is a job of the Session's like any run: the trace it makes
// replaces the one on screen, and its device check follows on a worker.
#include <cstddef>
#include <cstdint>
#include <string>

#include "app/gui/model/kernel_grading.hpp"
#include "app/gui/model/your_kernel.hpp"

namespace scanlab::gui {

class Session;
struct ShownTrace;

class YourKernelModel : public YourKernel {
public:
    // Grade (the panel's and the Exercises tab's): the editor's text graded on a worker.
    KernelGrading grading;
    bool grade_every_type = true;  // every type and operator, as `scanlab grade`; the tests' quick pass grades two

    // Opening reads the file whole (a .cu file of up to 1 MiB); saving writes it atomically (a
    // failed save leaves the file as it was); each says what came of it in `said`.
    void open(Session& s, const std::string& path);
    void open_starter(Session& s, const KernelStarter& starter);
    // A starter picked to work on: opened, and the controls set to the run that shows it (its
    // input, direction and launch), so an inclusive starter is not judged against an exclusive
    // scan left over from another.
    void pick_starter(Session& s, const KernelStarter& starter);
    // An exercise's starter with its run in the controls ("Try it yourself"); false: it has none.
    bool try_exercise(Session& s, int exercise);
    void edit(const std::string& text);  // the editor's text changed
    void save(Session& s, const std::string& path);
    // The editor's text, compiled and traced on a worker with the controls' run (and the
    // comparison beside it): the trace replaces the one on screen, as a run's does. A kernel that
    // does not compile or does not end leaves the trace on screen and says why in the report.
    void run(Session& s);
    void trust_and_run(Session& s);  // the student trusts the file: it runs without a sandbox where none can be made
    void trust_for_gpu(Session& s);  // ... or trusts it for the device check: the run on screen is checked on the GPU now
    void cancel_run(Session& s);  // stops the run under way (its runner ended at once); the trace on screen stays
    // The editor's text graded as `scanlab grade --exercise N` grades a file, on a worker (grading);
    // false while a grading is under way.
    bool grade(int exercise);
    // A failed check's smallest failing input as a run of the editor's kernel: the controls take
    // its input, type, operator, direction, warps and schedule, the panel its launch and block
    // schedule, and it runs, its trace on screen to step through.
    void open_grade_failure(Session& s, size_t check);
    void show_finding(Session& s, int index);  // its step on screen, its line marked in the editor
    void show_compiler_message(int index);  // its line in the editor
    // Text not saved when the app quits is kept in `folder` (the settings' folder) and comes back
    // when it starts, with the file's name and path: nothing typed is lost to a quit. Keeping
    // removes the kept copy where everything is saved.
    void keep_draft(const std::string& folder) const;
    void restore_draft(Session& s, const std::string& folder);

private:
    uint64_t run_request_ = 0;  // the Session's request of the run under way (0: none)
    uint64_t device_checks_ = 0;  // the newest device check of a run (older ones' results are dropped)
    // The device check of the run now on screen, on a worker: nvcc and the GPU, where there are.
    void start_device_check(Session& s);
    struct RunJob;
    struct DeviceCheckJob;
};

}  // namespace scanlab::gui
