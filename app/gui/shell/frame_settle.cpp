#include "app/gui/shell/frame_settle.hpp"

#include <cstddef>
#include <cstring>

#include <imgui.h>
#include <imgui_internal.h>

namespace scanlab::gui {
namespace {

// What a frame drew, in one number (FNV-1a over its vertices, indices and draw commands, eight
// bytes a round: a large trace draws megabytes of vertices, and every drawn frame is hashed).
uint64_t draw_data_hash(const ImDrawData* d) {
    uint64_t h = 1469598103934665603ull;
    auto mix = [&h](const void* p, size_t n) {
        const auto* b = static_cast<const unsigned char*>(p);
        size_t i = 0;
        for (uint64_t w; i + sizeof w <= n; i += sizeof w) {
            std::memcpy(&w, b + i, sizeof w);
            h = (h ^ w) * 1099511628211ull;
        }
        for (; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
    };
    if (!d) return h;
    for (const ImDrawList* l : d->CmdLists) {
        mix(l->VtxBuffer.Data, size_t(l->VtxBuffer.Size) * sizeof(ImDrawVert));
        mix(l->IdxBuffer.Data, size_t(l->IdxBuffer.Size) * sizeof(ImDrawIdx));
        for (const ImDrawCmd& c : l->CmdBuffer) mix(&c.ClipRect, sizeof c.ClipRect), mix(&c.ElemCount, sizeof c.ElemCount);
    }
    return h;
}

// A panel behind another's tab in its dock node, or inside one: Dear ImGui hides it again on every
// frame it stays there, so its being hidden says nothing will change.
bool behind_a_tab(const ImGuiWindow* w) {
    for (; w; w = w->ParentWindow)
        if (w->DockIsActive && !w->DockTabIsVisible) return true;
    return false;
}

// Whether Dear ImGui has more to show without a new event: input it spreads over frames (a click's
// press and release, a key and the characters typed with it, each in a frame of its own), or a
// window it drew hidden while it measured it (a combo's popup, a tooltip, appears a frame after
// the click that opened it; a tab chosen shows a frame later).
bool imgui_has_more() {
    const ImGuiContext* g = ImGui::GetCurrentContext();
    if (!g) return false;
    if (!g->InputEventsQueue.empty()) return true;
    for (const ImGuiWindow* w : g->Windows) {
        if (!w->Active) continue;
        if (w->HiddenFramesCannotSkipItems > 0 || (w->HiddenFramesCanSkipItems > 0 && !behind_a_tab(w))) return true;
    }
    return false;
}

}  // namespace

void FrameSettle::drawn(const ImDrawData* d) {
    const uint64_t now = draw_data_hash(d);
    if (now != last_ && unsettled_ < 4) {
        want(1);
        ++unsettled_;
    } else {
        unsettled_ = 0;
    }
    last_ = now;
    if (imgui_has_more()) want(1);
}

}  // namespace scanlab::gui
