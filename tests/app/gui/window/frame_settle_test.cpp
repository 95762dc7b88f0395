// The frame loop's rule for drawing with no new event (app/gui/shell/frame_settle.hpp), over Dear
// ImGui's own frames with no window: frames stop once they agree, whatever panels share a place.
#include <gtest/gtest.h>

#include <imgui.h>
#include <imgui_internal.h>

#include "app/gui/shell/frame_settle.hpp"

using scanlab::gui::FrameSettle;

namespace {

// A Dear ImGui context of its own, docking on, with no renderer (its font atlas built in memory).
struct HeadlessImGui {
    HeadlessImGui() {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.ConfigFlags |= ImGuiConfigFlags_DockingEnable;
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(1280, 720);
        io.DeltaTime = 1.0f / 60;
        io.BackendFlags |= ImGuiBackendFlags_RendererHasTextures;  // the atlas's textures are never uploaded
    }
    ~HeadlessImGui() { ImGui::DestroyContext(); }
};

// Two panels as tabs of one dock node (the first layout puts the source behind the explanation
// where the window is small), the second in front.
void dock_as_tabs(ImGuiID node) {
    ImGui::DockBuilderRemoveNode(node);
    ImGui::DockBuilderAddNode(node, ImGuiDockNodeFlags_DockSpace);
    ImGui::DockBuilderSetNodeSize(node, ImVec2(1280, 720));
    ImGui::DockBuilderDockWindow("Source", node);
    ImGui::DockBuilderDockWindow("Explain this step", node);
    ImGui::DockBuilderFinish(node);
}

void draw_panels(ImGuiID node) {
    ImGui::NewFrame();
    ImGui::DockSpaceOverViewport(node);
    for (const char* name : {"Source", "Explain this step"}) {
        ImGui::Begin(name);
        ImGui::TextUnformatted(name);
        ImGui::BeginChild("lines");
        ImGui::TextUnformatted("out[i] = in[i] + in[i - stride]");
        ImGui::EndChild();
        ImGui::End();
    }
    ImGui::Render();
}

}  // namespace

TEST(FrameSettle, StopsDrawingOnceFramesAgreeWhileAPanelWaitsBehindAnothersTab) {
    HeadlessImGui context;
    const ImGuiID node = ImHashStr("frame-settle-test-dock");
    FrameSettle settle;
    int drawn = 0;
    // The loop of main.cpp with no event: a frame while one is due.
    for (; settle.due() && drawn < 60; ++drawn) {
        settle.spend();
        if (drawn == 0) {
            ImGui::NewFrame();  // the builder needs a frame under way
            dock_as_tabs(node);
            ImGui::EndFrame();
        }
        draw_panels(node);
        settle.drawn(ImGui::GetDrawData());
    }
    const ImGuiWindow* source = ImGui::FindWindowByName("Source");
    ASSERT_NE(source, nullptr);
    ASSERT_TRUE(source->DockIsActive && !source->DockTabIsVisible) << "the source is not behind a tab: the test proves nothing";
    EXPECT_LE(drawn, 10) << "frames drawn with nothing happening";
}

TEST(FrameSettle, DrawsOnceMoreForAPopupDrawnHiddenWhileItWasMeasured) {
    HeadlessImGui context;
    FrameSettle settle;
    for (int i = 0; i < 8 && settle.due(); ++i) {
        settle.spend();
        ImGui::NewFrame();
        ImGui::Begin("Controls");
        ImGui::End();
        ImGui::Render();
        settle.drawn(ImGui::GetDrawData());
    }
    ASSERT_FALSE(settle.due());
    // A tooltip appears: Dear ImGui draws it hidden in its first frame, to measure it.
    settle.want(1);
    settle.spend();
    ImGui::NewFrame();
    ImGui::Begin("Controls");
    ImGui::SetTooltip("the stride doubles at each step");
    ImGui::End();
    ImGui::Render();
    settle.drawn(ImGui::GetDrawData());
    EXPECT_TRUE(settle.due()) << "the frame that shows the tooltip is never drawn";
}
