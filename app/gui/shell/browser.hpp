#pragma once
// The web edition's page: what a browser offers in place of the desktop's window system and files
// (the address bar, storage, downloads, the file picker, the clipboard, the mouse cursor). Only
// the page's frame loop (main_web.cpp) and its file dialogs (trace_files_web.cpp) call these.
#include <string>

struct GLFWwindow;

namespace scanlab::gui::browser {

// Once, before the first frame: the page's listeners (keys the browser would take for itself, such
// as F5 reloading the page; input that wakes the frame loop; pasted text).
void install(GLFWwindow* window);

// Input events seen so far (mouse, keys, wheel, touch, paste, resize): the frame loop draws again
// when this moves.
int events_seen();

// Makes the canvas as many device pixels as it has CSS pixels times devicePixelRatio (the page's
// stylesheet sizes it). True when its size changed.
bool fit_canvas(GLFWwindow* window);

// The address bar's query (without '?'), and a new one in its place (no page load, no history entry).
std::string query();
void show_query(const std::string& query);
// The trace or lesson an offline page carries, written into the page's file system: its path
// there, or empty where the page carries none.
std::string carried_file();
void set_title(const std::string& title);

// Browser storage (localStorage): empty when nothing is kept under `key` or storage is off.
std::string stored(const std::string& key);
void store(const std::string& key, const std::string& value);

// Offers the file at `path` (the page's own file system) as a download named `name`.
void download(const std::string& path, const std::string& name, const std::string& mime_type);

// Opens the browser's file picker for a trace; the chosen file is copied into the page's file
// system and opened as a dropped file is (scanlab_open_file).
void pick_trace_file();

// The mouse cursor as a CSS cursor name ("default", "text", "ew-resize", ...).
void set_cursor(const char* css_cursor);

// Text for the system clipboard (the browser asks no permission for a copy the user just made).
void copy_to_clipboard(const char* text);

}  // namespace scanlab::gui::browser
