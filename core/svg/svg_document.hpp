#pragma once
// A small SVG writer: rectangles, lines, arrows, circles and text, in user units (pixels), with
// every piece of text escaped as XML. The figures (app/gui/export/svg_figures.hpp) draw with it,
// so their values are real text a lecturer can edit in Inkscape or paste into slides.
#include <cstdint>
#include <string>
#include <string_view>

namespace scanlab {

struct SvgColour {
    uint8_t r = 0, g = 0, b = 0;
};
std::string svg_colour(SvgColour c);  // "#rrggbb"

// `s` with &, <, >, " and ' written as entities.
std::string xml_escaped(std::string_view s);

struct SvgText {
    double size = 14;
    SvgColour fill;
    const char* anchor = "middle";  // start, middle, end
    bool bold = false;
    bool mono = false;  // the values: a fixed-width face, so the digits line up as in the app
};

class SvgDocument {
public:
    // `title`: the figure's name, as the file's <title> (read by screen readers and Inkscape).
    SvgDocument(double width, double height, std::string_view title, SvgColour background);
    void rect(double x, double y, double w, double h, SvgColour fill, double radius = 0);
    void outline(double x, double y, double w, double h, SvgColour stroke, double width, double radius = 0);
    void line(double x1, double y1, double x2, double y2, SvgColour stroke, double width, double opacity = 1);
    // A line ending in an arrowhead at (x2, y2).
    void arrow(double x1, double y1, double x2, double y2, SvgColour stroke, double width, double opacity = 1);
    void circle(double cx, double cy, double r, SvgColour fill);
    // Text whose baseline is at y (anchored at x as `style` says).
    void text(double x, double y, std::string_view text, const SvgText& style);
    void begin_group(std::string_view id);  // a named layer: "rows", "values", ...
    void end_group();
    // The document, closed.
    std::string str() const;

private:
    std::string body_;
    double width_, height_;
};

}  // namespace scanlab
