/* stb_image_write for the web edition, from Debian's header (libstb-dev); the desktop app links
   Debian's libstb instead. */
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
