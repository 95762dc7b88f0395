// The web edition's item finder (item_finder_web.hpp): Dear ImGui calls ImGuiTestEngineHook_ItemAdd
// with each item and ImGuiTestEngineHook_ItemInfo with each labelled one as it is drawn, while
// TestEngineHookItems is on.
#define IMGUI_ENABLE_TEST_ENGINE
#include "app/gui/shell/item_finder_web.hpp"

#include <cstdio>
#include <optional>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

namespace scanlab::gui::item_finder {
namespace {

struct Seen {
    ImRect rect;
    ImGuiWindow* root = nullptr;
};

struct Finder {
    std::string label;
    std::vector<Seen> seen;  // this frame's items of that label
    std::optional<ImRect> found;  // the frontmost of the last frame's
};
Finder& finder() {
    static Finder f;
    return f;
}

bool named(const char* label, const std::string& wanted) {
    if (!label || wanted.empty()) return false;
    const std::string whole = label;
    const size_t cut = whole.find("##");
    // "View", "N##sampled" as "N", and a box whose label is drawn above it ("##algorithm") as "algorithm".
    return whole == wanted || whole.substr(0, cut) == wanted || (cut == 0 && whole.substr(2) == wanted);
}

}  // namespace

void look_for(const std::string& label) {
    Finder& f = finder();
    if (label == f.label) return;
    f.label = label;
    f.seen.clear();
    f.found.reset();
    if (ImGuiContext* g = ImGui::GetCurrentContext()) g->TestEngineHookItems = true;
}

void frame_drawn() {
    Finder& f = finder();
    ImGuiContext* g = ImGui::GetCurrentContext();
    if (f.label.empty() || !g) return;
    // g->Windows is in display order, back to front: an open menu or popup is in front of the
    // panels, so its "Counts" is the one found, not the tab of that name behind it.
    int front = -1;
    f.found.reset();
    for (const Seen& s : f.seen) {
        const int order = g->Windows.find_index(s.root);
        if (order >= front) front = order, f.found = s.rect;
    }
    f.seen.clear();
}

std::string found_json() {
    const Finder& f = finder();
    if (!f.found) return "null";
    char text[128];
    std::snprintf(text, sizeof text, "{\"x\": %.1f, \"y\": %.1f, \"w\": %.1f, \"h\": %.1f}", f.found->Min.x, f.found->Min.y,
                  f.found->GetWidth(), f.found->GetHeight());
    return text;
}

}  // namespace scanlab::gui::item_finder

// Dear ImGui's hooks (imgui_internal.h), defined once for the page.
// Every item with an id passes here, labelled or not (a combo box gives no label): one whose id is
// the label's in the current window is that item, its box the part a click acts on.
void ImGuiTestEngineHook_ItemAdd(ImGuiContext* ctx, ImGuiID id, const ImRect& bb, const ImGuiLastItemData*) {
    using namespace scanlab::gui::item_finder;
    auto& f = finder();
    ImGuiWindow* w = ctx->CurrentWindow;
    if (f.label.empty() || !w || id == w->ID) return;
    if ((id == w->GetID(f.label.c_str()) || id == w->GetID(("##" + f.label).c_str())) && bb.GetWidth() > 0 && bb.GetHeight() > 0)
        f.seen.push_back({bb, w->RootWindow ? w->RootWindow : w});
}

void ImGuiTestEngineHook_ItemInfo(ImGuiContext* ctx, ImGuiID id, const char* label, ImGuiItemStatusFlags) {
    using namespace scanlab::gui::item_finder;
    auto& f = finder();
    if (!named(label, f.label) || !ctx->CurrentWindow) return;
    // A window registers itself with its own rectangle; an item is the last one added.
    ImGuiWindow* w = ctx->CurrentWindow;
    const ImRect rect = w->ID == id ? w->Rect() : ctx->LastItemData.ID == id ? ctx->LastItemData.Rect : ImRect();
    if (rect.GetWidth() > 0 && rect.GetHeight() > 0) f.seen.push_back({rect, w->RootWindow ? w->RootWindow : w});
}

void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}

const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }
