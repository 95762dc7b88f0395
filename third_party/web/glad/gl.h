#pragma once
// The web edition's <glad/gl.h>: WebGL2 is OpenGL ES 3.0, whose functions emscripten provides
// directly, so the app's GL calls need only OpenGL ES 3's header, not the desktop's glad loader.
#include <GLES3/gl3.h>
