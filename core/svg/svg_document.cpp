#include "core/svg/svg_document.hpp"

#include <cmath>
#include <cstdio>

namespace scanlab {
namespace {

// A coordinate with at most two decimals, and none where it is whole: small files that diff well.
std::string num(double v) {
    const double r = std::round(v * 100) / 100;
    char buf[32];
    if (r == std::floor(r))
        std::snprintf(buf, sizeof buf, "%.0f", r);
    else
        std::snprintf(buf, sizeof buf, "%.2f", r);
    std::string s = buf;
    if (s.find('.') != std::string::npos)
        while (s.back() == '0') s.pop_back();
    return s == "-0" ? "0" : s;
}

}  // namespace

std::string svg_colour(SvgColour c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
    return buf;
}

std::string xml_escaped(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            default: out += c;
        }
    }
    return out;
}

SvgDocument::SvgDocument(double width, double height, std::string_view title, SvgColour background) : width_(width), height_(height) {
    body_ += "<title>" + xml_escaped(title) + "</title>\n";
    rect(0, 0, width, height, background);
}

void SvgDocument::rect(double x, double y, double w, double h, SvgColour fill, double radius) {
    body_ += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(w) + "\" height=\"" + num(h) + "\"" +
             (radius > 0 ? " rx=\"" + num(radius) + "\"" : std::string()) + " fill=\"" + svg_colour(fill) + "\"/>\n";
}

void SvgDocument::outline(double x, double y, double w, double h, SvgColour stroke, double width, double radius) {
    body_ += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(w) + "\" height=\"" + num(h) + "\"" +
             (radius > 0 ? " rx=\"" + num(radius) + "\"" : std::string()) + " fill=\"none\" stroke=\"" + svg_colour(stroke) +
             "\" stroke-width=\"" + num(width) + "\"/>\n";
}

void SvgDocument::line(double x1, double y1, double x2, double y2, SvgColour stroke, double width, double opacity) {
    body_ += "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) + "\" stroke=\"" +
             svg_colour(stroke) + "\" stroke-width=\"" + num(width) + "\"" +
             (opacity < 1 ? " stroke-opacity=\"" + num(opacity) + "\"" : std::string()) + "/>\n";
}

void SvgDocument::arrow(double x1, double y1, double x2, double y2, SvgColour stroke, double width, double opacity) {
    // The head drawn as its own triangle (not a <marker>): every editor and slide program keeps it.
    const double len = std::hypot(x2 - x1, y2 - y1);
    if (len <= 0) return;
    const double ux = (x2 - x1) / len, uy = (y2 - y1) / len, head = std::max(6.0, width * 4);
    const double bx = x2 - ux * head, by = y2 - uy * head;
    line(x1, y1, bx, by, stroke, width, opacity);
    body_ += "<polygon points=\"" + num(x2) + "," + num(y2) + " " + num(bx - uy * head * 0.45) + "," + num(by + ux * head * 0.45) + " " +
             num(bx + uy * head * 0.45) + "," + num(by - ux * head * 0.45) + "\" fill=\"" + svg_colour(stroke) + "\"" +
             (opacity < 1 ? " fill-opacity=\"" + num(opacity) + "\"" : std::string()) + "/>\n";
}

void SvgDocument::circle(double cx, double cy, double r, SvgColour fill) {
    body_ += "<circle cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(r) + "\" fill=\"" + svg_colour(fill) + "\"/>\n";
}

void SvgDocument::text(double x, double y, std::string_view text, const SvgText& s) {
    body_ += "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(s.size) + "\" fill=\"" + svg_colour(s.fill) + "\"" +
             (std::string_view(s.anchor) != "start" ? " text-anchor=\"" + std::string(s.anchor) + "\"" : std::string()) +
             (s.bold ? " font-weight=\"bold\"" : "") + (s.mono ? " font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\"" : "") +
             ">" + xml_escaped(text) + "</text>\n";
}

void SvgDocument::begin_group(std::string_view id) { body_ += "<g id=\"" + xml_escaped(id) + "\">\n"; }
void SvgDocument::end_group() { body_ += "</g>\n"; }

std::string SvgDocument::str() const {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width_) + "\" height=\"" +
           num(height_) + "\" viewBox=\"0 0 " + num(width_) + " " + num(height_) +
           "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n" + body_ + "</svg>\n";
}

}  // namespace scanlab
