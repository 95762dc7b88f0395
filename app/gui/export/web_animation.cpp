#include "app/gui/export/web_animation.hpp"

#include <GLES3/gl3.h>
#include <backends/imgui_impl_opengl3.h>
#include <emscripten.h>
#include <implot.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <vector>

#include "app/gui/export/export_options.hpp"
#include "app/gui/export/gif_writer.hpp"
#include "app/gui/shell/window.hpp"
#include "app/gui/surface/gl_surface.hpp"
#include "core/error.hpp"

namespace scanlab::gui {
namespace {
// The frames a step is drawn before it is read, as `scanlab export` draws them (the shot's
// --frames): Dear ImGui settles its layout (auto-sized items, tab bars) over the first frames.
constexpr int kSettleFrames = 4;
}  // namespace

struct WebAnimation::State {
    App app;  // the shot's scene: the page's run, the default layout, no dialogs
    std::unique_ptr<GlSurface> surface;
    ImGuiContext* imgui = nullptr;
    ImPlotContext* implot = nullptr;
    std::optional<GifAnimation> gif;
    WebAnimationRequest request;
    size_t step = 0;
    int drawn = 0;  // frames drawn of this step
    bool read = false;  // its pixels are read, to be encoded by the next piece
    std::vector<uint8_t> rgb;
};

namespace {

// Its contexts current for the length of a piece, the page's again after, however it ends.
struct InExportContext {
    ImGuiContext* page_imgui = ImGui::GetCurrentContext();
    ImPlotContext* page_implot = ImPlot::GetCurrentContext();
    InExportContext(ImGuiContext* imgui, ImPlotContext* implot) {
        ImGui::SetCurrentContext(imgui);
        ImPlot::SetCurrentContext(implot);
    }
    ~InExportContext() {
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        ImGui::SetCurrentContext(page_imgui);
        ImPlot::SetCurrentContext(page_implot);
    }
};

void go_to(App& app, size_t k) {
    app.session.go_to(k);
    app.fig910_panel.step = k;
}

}  // namespace

WebAnimation::WebAnimation() = default;

WebAnimation::~WebAnimation() { cancel(); }

bool WebAnimation::running() const { return s_ != nullptr; }

std::string WebAnimation::start(const App& page, const WebAnimationRequest& r) {
    cancel();
    error.clear();
    const TracePtr t = page.session.trace;
    if (!t || t->trace.steps.empty()) return "run a trace first: an animation shows its steps";
    if (r.last < r.first || r.last >= t->trace.steps.size()) return "the range's last step comes before its first";
    const size_t frames = r.last - r.first + 1;
    if (frames > kMaxAnimationFrames)
        return "an animation holds at most " + std::to_string(kMaxAnimationFrames) + " steps, and this range is " + std::to_string(frames) +
               "; choose a shorter range, e.g. steps " + std::to_string(r.first) + " to " +
               std::to_string(r.first + kMaxAnimationFrames - 1);
    auto s = std::make_unique<State>();
    s->request = r;
    App& app = s->app;
    app.headless = true;
    app.view = View::window;
    app.layout.presentation = r.presenting;
    app.layout.show_controls = !r.presenting;
    app.show_banner = app.shot_banner = r.banner;
    app.live.defaults_applied = true;
    // The page's run itself (its traces are never changed), not a run of it again.
    app.session.form = page.session.form;
    app.session.trace = t;
    app.session.compare = page.session.compare;
    app.session.fig910 = page.session.fig910;
    std::string why;
    s->surface = GlSurface::open_offscreen(r.width, r.height, why);
    if (!s->surface) return why;
    ImGuiContext* page_imgui = ImGui::GetCurrentContext();
    ImPlotContext* page_implot = ImPlot::GetCurrentContext();
    why = init_imgui(app, *s->surface);  // makes its own contexts current
    s->imgui = ImGui::GetCurrentContext(), s->implot = ImPlot::GetCurrentContext();
    ImGui::SetCurrentContext(page_imgui), ImPlot::SetCurrentContext(page_implot);
    s_ = std::move(s);
    if (!why.empty()) return cancel(), why;
    try {
        s_->gif.emplace(r.width, r.height, r.frame_ms);
    } catch (const ScanError& e) {
        return cancel(), e.what();
    }
    s_->step = r.first;
    go_to(app, r.first);
    done_ = 0, total_ = frames, bytes_ = 0, longest_piece_ms = 0;
    path_.clear();
    return "";
}

void WebAnimation::advance() {
    if (!s_) return;
    const double started = emscripten_get_now();
    State& s = *s_;
    bool finished = false, drew = false;
    {
        InExportContext in(s.imgui, s.implot);
        s.surface->bind();
        try {
            if (s.drawn < kSettleFrames || s.app.session.working()) {
                frame(s.app, *s.surface, 1.0 / 60);
                ++s.drawn, drew = true;
            } else if (!s.read) {
                // Apart from the encoding: reading waits for the browser's GPU process to finish drawing.
                if (const std::string why = s.surface->read_rgb(s.rgb); !why.empty()) throw ScanError(why);
                s.read = true;
            } else {
                s.gif->add_frame(s.rgb);
                ++done_;
                finished = s.step == s.request.last;
                if (!finished) go_to(s.app, ++s.step), s.drawn = 0, s.read = false;
            }
        } catch (const ScanError& e) {
            error = e.what();
        }
    }
    if (finished && error.empty()) finish();
    const double ms = emscripten_get_now() - started;
    longest_piece_ms = std::max(longest_piece_ms, ms);
    (drew ? longest_draw_ms : longest_encode_ms) = std::max(drew ? longest_draw_ms : longest_encode_ms, ms);
    if (finished || !error.empty()) cancel();
}

// The file, whole, in the page's file system; the dialog offers it as a download.
void WebAnimation::finish() {
    const std::string& bytes = s_->gif->finish();
    std::error_code ec;
    std::filesystem::create_directories("/downloads", ec);
    const std::string path = "/downloads/scanlab-" + run_name(s_->app.session.trace->trace) + ".gif";
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    if (!out.flush()) {
        error = "the page could not hold the finished GIF (" + std::to_string(bytes.size() >> 20) + " MiB)";
        return;
    }
    path_ = path, bytes_ = bytes.size();
}

void WebAnimation::cancel() {
    if (!s_) return;
    {
        InExportContext in(s_->imgui, s_->implot);
        if (s_->imgui) {
            ImGui_ImplOpenGL3_Shutdown();
            ImPlot::DestroyContext(s_->implot);
            ImGui::DestroyContext(s_->imgui);
        }
    }
    s_.reset();  // the off-screen image, with the canvas's context current
}

}  // namespace scanlab::gui
