// Fonts and the two themes: the everyday dark theme, and the presentation theme (large DejaVu
// fonts, black background, white text) for a projector at the back of a lecture hall.
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "app/gui/app.hpp"
#include "app/gui/panels/widgets.hpp"
#include "app/gui/shell/theme.hpp"

namespace scanlab::gui {
namespace {

constexpr const char* kDejaVuDir = "/usr/share/fonts/truetype/dejavu/";

// Latin-1 plus the few symbols the views use: · − → ← ▶ ✓ ✗ …
const ImWchar* glyph_ranges() {
    static const ImWchar ranges[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0x2190, 0x2193, 0x2212, 0x2212,
                                     0x2264, 0x2265, 0x25A0, 0x25CF, 0x2713, 0x2717, 0};
    return ranges;
}

ImFont* add_font(const char* file, float size) {
    const std::string path = std::string(kDejaVuDir) + file;
    if (!std::filesystem::exists(path)) return nullptr;
    ImFontConfig cfg;
    cfg.OversampleH = 2;
    cfg.OversampleV = 1;
    return ImGui::GetIO().Fonts->AddFontFromFileTTF(path.c_str(), size, &cfg, glyph_ranges());
}

}  // namespace

ImU32 col(Rgb c, int alpha) { return IM_COL32(c.r, c.g, c.b, alpha); }

ImU32 text_on(Rgb bg) {
    const float luma = 0.299f * float(bg.r) + 0.587f * float(bg.g) + 0.114f * float(bg.b);
    return luma > 150 ? IM_COL32(20, 20, 20, 255) : IM_COL32(255, 255, 255, 255);
}

void load_fonts(App& app) {
    ImGuiIO& io = ImGui::GetIO();
    Fonts& f = app.fonts;
    f.ui = add_font("DejaVuSans.ttf", 16.0f);
    f.mono = add_font("DejaVuSansMono.ttf", 15.0f);
    f.ui_large = add_font("DejaVuSans.ttf", 30.0f);
    f.mono_large = add_font("DejaVuSansMono.ttf", 27.0f);
    f.dejavu = f.ui && f.mono && f.ui_large && f.mono_large;
    if (!f.dejavu) {  // fonts-dejavu-core is missing: ImGui's own font, scaled up when presenting
        io.Fonts->Clear();
        f.ui = f.mono = io.Fonts->AddFontDefault();
        ImFontConfig big;
        big.SizePixels = 26.0f;
        f.ui_large = f.mono_large = io.Fonts->AddFontDefault(&big);
    }
}

float font_size_for(const Layout& layout, float display_w, float display_h) {
    if (!layout.presentation) return std::round(16.0f * layout.font_scale);
    // Scale to fit: the size that fills a 1280x720 projector, grown or shrunk with the window.
    const float fit = std::min(display_w / 1280.0f, display_h / 720.0f) * 22.0f;
    return std::round(std::clamp(fit, 14.0f, 44.0f) * layout.presentation_font_scale);
}

void change_font_scale(App& app, float factor) {
    float& scale = app.layout.presentation ? app.layout.presentation_font_scale : app.layout.font_scale;
    scale = factor == 0 ? 1.0f : std::clamp(scale * factor, 0.5f, 3.0f);
}

void apply_theme(App& app) {
    ImGuiIO& io = ImGui::GetIO();
    ImGuiStyle& style = ImGui::GetStyle();
    style = ImGuiStyle();
    const bool big = app.layout.presentation;
    io.FontDefault = big ? app.fonts.ui_large : app.fonts.ui;
    // Dear ImGui 1.92+ draws text at style.FontSizeBase whatever size a font was loaded at; set
    // for the next frame too, as a theme can change in the middle of one (F5).
    style.FontSizeBase = style._NextFrameFontSizeBase = app.font_size;
    app.themed_font_size = app.font_size;
    if (!big) {
        ImGui::StyleColorsDark();
        style.WindowRounding = 0;
        style.FrameRounding = 3;
        style.GrabRounding = 3;
        style.Colors[ImGuiCol_WindowBg] = ImVec4(0.11f, 0.12f, 0.14f, 1.0f);
        style.Colors[ImGuiCol_ChildBg] = ImVec4(0.13f, 0.14f, 0.16f, 1.0f);
        style.ScaleAllSizes(app.font_size / 16.0f);
        return;
    }
    // High contrast: pure black and white, yellow accents, thick borders, larger hit targets.
    ImGui::StyleColorsDark();
    // (Spacing for the window's text size before Ctrl+=, which makes the text larger, not the gaps:
    // the trace's rows keep their room, draw_frame.)
    style.ScaleAllSizes(1.6f * app.font_size / std::max(app.layout.presentation_font_scale, 0.5f) / 30.0f);
    style.WindowRounding = 0;
    style.FrameBorderSize = 2;
    style.ChildBorderSize = 2;
    ImVec4* c = style.Colors;
    const ImVec4 black(0, 0, 0, 1), white(1, 1, 1, 1), yellow(1, 0.9f, 0, 1);
    c[ImGuiCol_Text] = white;
    c[ImGuiCol_TextDisabled] = ImVec4(0.8f, 0.8f, 0.8f, 1);
    c[ImGuiCol_WindowBg] = black;
    c[ImGuiCol_ChildBg] = black;
    c[ImGuiCol_PopupBg] = black;
    c[ImGuiCol_MenuBarBg] = ImVec4(0.1f, 0.1f, 0.1f, 1);
    c[ImGuiCol_Border] = white;
    c[ImGuiCol_FrameBg] = ImVec4(0.12f, 0.12f, 0.12f, 1);
    c[ImGuiCol_FrameBgHovered] = ImVec4(0.25f, 0.25f, 0.25f, 1);
    c[ImGuiCol_FrameBgActive] = ImVec4(0.35f, 0.35f, 0.35f, 1);
    c[ImGuiCol_Button] = ImVec4(0.15f, 0.15f, 0.15f, 1);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.35f, 0.35f, 0.0f, 1);
    c[ImGuiCol_ButtonActive] = ImVec4(0.55f, 0.5f, 0.0f, 1);
    c[ImGuiCol_Header] = ImVec4(0.3f, 0.3f, 0.0f, 1);
    c[ImGuiCol_HeaderHovered] = ImVec4(0.45f, 0.42f, 0.0f, 1);
    c[ImGuiCol_HeaderActive] = ImVec4(0.6f, 0.55f, 0.0f, 1);
    c[ImGuiCol_Tab] = ImVec4(0.15f, 0.15f, 0.15f, 1);
    c[ImGuiCol_TabHovered] = ImVec4(0.45f, 0.42f, 0.0f, 1);
    c[ImGuiCol_TabSelected] = ImVec4(0.55f, 0.5f, 0.0f, 1);
    c[ImGuiCol_CheckMark] = yellow;
    c[ImGuiCol_SliderGrab] = yellow;
    c[ImGuiCol_SliderGrabActive] = white;
    c[ImGuiCol_Separator] = white;
    c[ImGuiCol_PlotHistogram] = yellow;
}

}  // namespace scanlab::gui
