#pragma once
// Which block machine emulates a single-pass definition. Each machine's header specialises
// BlockMachineOf for its definition, so the event scan finds the machine through the registry and
// never by comparing ids: a new single-pass scan is its definition, its machine (with this
// specialisation), its kernel, its listing and its tests.
#include <string>
#include <vector>

#include "core/emulation/block_scheduler.hpp"
#include "core/recording/recorder.hpp"
#include "core/request.hpp"

namespace scanlab {

template <class T>
struct MachineOutcome {
    std::vector<T> result;
    std::string deadlock;  // the sentence, when the blocks stopped before the scan was done
};

// template <> struct BlockMachineOf<Definition> {
//     template <class T, class Op> static MachineOutcome<T> run(const ResolvedRequest&, const T* x, Recorder&);
// };
template <class Definition>
struct BlockMachineOf;

}  // namespace scanlab
