#include "app/gui/surface/headless_gl.hpp"

// Only the types and constants of the Khronos headers: every EGL function is looked up in the
// libEGL.so.1 loaded below, so nothing links against EGL.
#define EGL_EGL_PROTOTYPES 0
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <dlfcn.h>
#include <glad/gl.h>

#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

namespace scanlab::gui {
namespace {

constexpr const char* kInstallHint =
    "install Mesa's EGL (Debian/Ubuntu: libegl1 libegl-mesa0 libgl1-mesa-dri), which renders on the CPU, or a GPU "
    "driver's EGL (on an NVIDIA server, point __EGL_VENDOR_LIBRARY_FILENAMES at the driver's 10_nvidia.json); or "
    "run under a virtual display: xvfb-run -a scanlab shot ...";

// EGL 1.4's functions (every libEGL.so.1 exports them) and the extensions' (through eglGetProcAddress).
struct Egl {
    void* lib = nullptr;
    PFNEGLGETPROCADDRESSPROC GetProcAddress = nullptr;
    PFNEGLGETERRORPROC GetError = nullptr;
    PFNEGLQUERYSTRINGPROC QueryString = nullptr;
    PFNEGLGETDISPLAYPROC GetDisplay = nullptr;
    PFNEGLINITIALIZEPROC Initialize = nullptr;
    PFNEGLTERMINATEPROC Terminate = nullptr;
    PFNEGLBINDAPIPROC BindAPI = nullptr;
    PFNEGLCHOOSECONFIGPROC ChooseConfig = nullptr;
    PFNEGLCREATECONTEXTPROC CreateContext = nullptr;
    PFNEGLDESTROYCONTEXTPROC DestroyContext = nullptr;
    PFNEGLCREATEPBUFFERSURFACEPROC CreatePbufferSurface = nullptr;
    PFNEGLDESTROYSURFACEPROC DestroySurface = nullptr;
    PFNEGLMAKECURRENTPROC MakeCurrent = nullptr;
    PFNEGLRELEASETHREADPROC ReleaseThread = nullptr;
    PFNEGLGETPLATFORMDISPLAYEXTPROC GetPlatformDisplayEXT = nullptr;
    PFNEGLQUERYDEVICESEXTPROC QueryDevicesEXT = nullptr;
    PFNEGLQUERYDEVICESTRINGEXTPROC QueryDeviceStringEXT = nullptr;
};

Egl g_egl;  // glad's loader below is a plain function, so the table it reads is global

template <class F>
bool sym(F& f, const char* name) {
    f = reinterpret_cast<F>(dlsym(g_egl.lib, name));
    return f != nullptr;
}

template <class F>
void ext(F& f, const char* name) {
    f = reinterpret_cast<F>(g_egl.GetProcAddress(name));
}

// Loads libEGL.so.1 once; empty on success, else the sentence.
std::string load_egl() {
    if (g_egl.lib) return "";
    // SCANLAB_LIBEGL names another libEGL (a driver's outside the library path, say).
    const char* named = std::getenv("SCANLAB_LIBEGL");
    const std::string name = named && *named ? named : "libEGL.so.1";
    void* lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char* e = dlerror();
        return "rendering without a display needs EGL, and " + name + " could not be loaded (" + (e ? e : "not found") +
               "): " + kInstallHint;
    }
    g_egl.lib = lib;
    const bool ok = sym(g_egl.GetProcAddress, "eglGetProcAddress") && sym(g_egl.GetError, "eglGetError") &&
                    sym(g_egl.QueryString, "eglQueryString") && sym(g_egl.GetDisplay, "eglGetDisplay") &&
                    sym(g_egl.Initialize, "eglInitialize") && sym(g_egl.Terminate, "eglTerminate") && sym(g_egl.BindAPI, "eglBindAPI") &&
                    sym(g_egl.ChooseConfig, "eglChooseConfig") && sym(g_egl.CreateContext, "eglCreateContext") &&
                    sym(g_egl.DestroyContext, "eglDestroyContext") && sym(g_egl.CreatePbufferSurface, "eglCreatePbufferSurface") &&
                    sym(g_egl.DestroySurface, "eglDestroySurface") && sym(g_egl.MakeCurrent, "eglMakeCurrent") &&
                    sym(g_egl.ReleaseThread, "eglReleaseThread");
    if (!ok) {
        g_egl = {};
        dlclose(lib);
        return "the libEGL.so.1 found lacks EGL 1.4's functions: " + std::string(kInstallHint);
    }
    ext(g_egl.GetPlatformDisplayEXT, "eglGetPlatformDisplayEXT");
    ext(g_egl.QueryDevicesEXT, "eglQueryDevicesEXT");
    ext(g_egl.QueryDeviceStringEXT, "eglQueryDeviceStringEXT");
    return "";
}

bool has_word(const char* list, std::string_view word) {
    if (!list) return false;
    for (std::string_view s(list); !s.empty();) {
        const size_t sp = s.find(' ');
        if (s.substr(0, sp) == word) return true;
        if (sp == std::string_view::npos) break;
        s.remove_prefix(sp + 1);
    }
    return false;
}

std::string egl_error_name(EGLint e) {
    switch (e) {
        case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
        case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
        case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
        case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
        case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
        case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
        case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
        case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
        case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
        case EGL_BAD_SURFACE: return "EGL_BAD_SURFACE";
        default: return "EGL error " + std::to_string(e);
    }
}

// glad's loader: EGL 1.5 (and glvnd's libEGL) hand out core GL functions through eglGetProcAddress.
GLADapiproc load_gl(const char* name) { return reinterpret_cast<GLADapiproc>(g_egl.GetProcAddress(name)); }

// One way to reach a display without a window system, as tried.
struct Candidate {
    std::string name;  // "EGL device 0 (NVIDIA ...)", for the description and the refusal
    EGLDisplay display = EGL_NO_DISPLAY;
    bool software = false;
};

std::vector<Candidate> candidates(const char* client_extensions) {
    std::vector<Candidate> list;
    const bool platforms = g_egl.GetPlatformDisplayEXT &&
                           (has_word(client_extensions, "EGL_EXT_platform_base") || has_word(client_extensions, "EGL_KHR_platform_base"));
    if (platforms && g_egl.QueryDevicesEXT && has_word(client_extensions, "EGL_EXT_platform_device")) {
        EGLint count = 0;
        if (g_egl.QueryDevicesEXT(0, nullptr, &count) && count > 0) {
            std::vector<EGLDeviceEXT> devices(static_cast<size_t>(count));
            g_egl.QueryDevicesEXT(count, devices.data(), &count);
            std::vector<Candidate> software;
            for (EGLint i = 0; i < count; ++i) {
                Candidate c;
                c.name = "EGL device " + std::to_string(i);
                if (g_egl.QueryDeviceStringEXT) {
                    const char* dev_ext = g_egl.QueryDeviceStringEXT(devices[size_t(i)], EGL_EXTENSIONS);
                    c.software = has_word(dev_ext, "EGL_MESA_device_software");
                    if (const char* drm = has_word(dev_ext, "EGL_EXT_device_drm")
                                              ? g_egl.QueryDeviceStringEXT(devices[size_t(i)], EGL_DRM_DEVICE_FILE_EXT)
                                              : nullptr)
                        c.name += std::string(" (") + drm + ")";
                }
                c.display = g_egl.GetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[size_t(i)], nullptr);
                (c.software ? software : list).push_back(c);
            }
            // A GPU first: with Mesa's llvmpipe and a GPU's driver both there, the GPU draws.
            list.insert(list.end(), software.begin(), software.end());
        }
    }
    if (platforms && has_word(client_extensions, "EGL_MESA_platform_surfaceless"))
        list.push_back({"EGL on Mesa's surfaceless platform",
                        g_egl.GetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr), true});
    list.push_back({"EGL's default display", g_egl.GetDisplay(EGL_DEFAULT_DISPLAY), false});
    return list;
}

}  // namespace

struct HeadlessGl::State {
    EGLDisplay display = EGL_NO_DISPLAY;
    EGLContext context = EGL_NO_CONTEXT;
    EGLSurface surface = EGL_NO_SURFACE;  // a 16x16 pbuffer, only where surfaceless contexts are not offered

    ~State() {
        if (display == EGL_NO_DISPLAY) return;
        g_egl.MakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        if (surface != EGL_NO_SURFACE) g_egl.DestroySurface(display, surface);
        if (context != EGL_NO_CONTEXT) g_egl.DestroyContext(display, context);
        g_egl.Terminate(display);
        g_egl.ReleaseThread();
    }

    // An OpenGL 3.3 core context made current on `display`; empty on success, else why not.
    std::string make_current(EGLDisplay d) {
        if (d == EGL_NO_DISPLAY) return "no display";
        EGLint major = 0, minor = 0;
        if (!g_egl.Initialize(d, &major, &minor)) return "eglInitialize failed (" + egl_error_name(g_egl.GetError()) + ")";
        display = d;
        if (!g_egl.BindAPI(EGL_OPENGL_API)) return "desktop OpenGL is not offered (" + egl_error_name(g_egl.GetError()) + ")";
        const bool surfaceless = has_word(g_egl.QueryString(d, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context");
        const EGLint config_attribs[] = {EGL_RENDERABLE_TYPE,
                                         EGL_OPENGL_BIT,
                                         EGL_SURFACE_TYPE,
                                         surfaceless ? 0 : EGL_PBUFFER_BIT,
                                         EGL_RED_SIZE,
                                         8,
                                         EGL_GREEN_SIZE,
                                         8,
                                         EGL_BLUE_SIZE,
                                         8,
                                         EGL_NONE};
        EGLConfig config = nullptr;
        EGLint configs = 0;
        if (!g_egl.ChooseConfig(d, config_attribs, &config, 1, &configs) || configs < 1)
            return "no 8-bit RGB configuration for desktop OpenGL";
        const EGLint context_attribs[] = {
            EGL_CONTEXT_MAJOR_VERSION,           3,       EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
            EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
        context = g_egl.CreateContext(d, config, EGL_NO_CONTEXT, context_attribs);
        if (context == EGL_NO_CONTEXT) return "no OpenGL 3.3 core context (" + egl_error_name(g_egl.GetError()) + ")";
        if (!surfaceless) {
            const EGLint pbuffer_attribs[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
            surface = g_egl.CreatePbufferSurface(d, config, pbuffer_attribs);
            if (surface == EGL_NO_SURFACE) return "no pbuffer surface (" + egl_error_name(g_egl.GetError()) + ")";
        }
        if (!g_egl.MakeCurrent(d, surface, surface, context)) return "eglMakeCurrent failed (" + egl_error_name(g_egl.GetError()) + ")";
        if (!gladLoadGL(load_gl)) return "the OpenGL 3.3 functions could not be loaded through eglGetProcAddress";
        return "";
    }
};

HeadlessGl::HeadlessGl(std::unique_ptr<State> s) : s_(std::move(s)) {}
HeadlessGl::~HeadlessGl() = default;

std::unique_ptr<HeadlessGl> HeadlessGl::open(std::string& why) {
    why = load_egl();
    if (!why.empty()) return nullptr;
    const char* client_extensions = g_egl.QueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    std::string tried;
    for (const Candidate& c : candidates(client_extensions)) {
        auto state = std::make_unique<State>();
        const std::string failed = state->make_current(c.display);
        if (failed.empty()) {
            std::unique_ptr<HeadlessGl> gl(new HeadlessGl(std::move(state)));
            const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
            gl->description_ = c.name + ": " + (renderer ? renderer : "an unnamed renderer");
            return gl;
        }
        tried += (tried.empty() ? "" : "; ") + c.name + ": " + failed;
    }
    why = "no EGL display could make an OpenGL 3.3 core context without a window system (" + tried + "): " + kInstallHint;
    return nullptr;
}

}  // namespace scanlab::gui
