// The tiles of a student's kernel: its blocks, each over its section of Y, coloured by where each
// stands at the chosen turn of the order they ran in (ended, running, waiting), each named with
// its turn; a block whose section of the result is wrong is outlined. The sentences over them say
// the order (the trace's block schedule) and the turn, and which block left the first wrong value.
// Everything comes from the model (model/kernel_blocks.hpp); the turn is this view's own state.
#include <algorithm>
#include <cfloat>
#include <cmath>

#include "app/gui/app.hpp"
#include "app/gui/model/kernel_blocks.hpp"
#include "app/gui/panels/kernel_blocks_view.hpp"
#include "app/gui/panels/step_view.hpp"
#include "app/gui/panels/step_view_state.hpp"
#include "app/gui/panels/widgets.hpp"

namespace scanlab::gui {
namespace {

Rgb turn_colour(const Palette& p, BlockTurn t) {
    return t == BlockTurn::ended ? p.cell_final : t == BlockTurn::running ? p.thread_active : p.thread_idle;
}

void block_tile_tooltip(const KernelBlocks& b, const KernelBlockTile& tile) {
    ImGui::BeginTooltip();
    ImGui::Text("block %lld: Y[%lld..%lld]", (long long)tile.block, (long long)tile.first, (long long)(tile.first + tile.count - 1));
    ImGui::Text("ran %s of %zu", ordinal(tile.turn + 1).c_str(), b.order.size());
    if (tile.wrong > 0)
        ImGui::Text("%lld wrong value(s) in its section, first Y[%lld]", (long long)tile.wrong, (long long)tile.first_wrong);
    ImGui::TextDisabled("click: make it the running block");
    ImGui::EndTooltip();
}

// A tile's label: "block 3 · ran 1st", "3 · 1st" or "3" (forms 0, 1, 2).
std::string tile_label(const KernelBlockTile& tile, int form) {
    const std::string b = std::to_string(tile.block), turn = ordinal(tile.turn + 1);
    return form == 0 ? "block " + b + " · ran " + turn : form == 1 ? b + " · " + turn : b;
}

// One row of tiles, each as wide as its section; a click makes a block's turn the current one.
void draw_tile_row(App& app, const KernelBlocks& b, int64_t turn) {
    const Palette& p = app.palette();
    const float font = ImGui::GetFontSize();
    const float width = ImGui::GetContentRegionAvail().x, height = std::round(font * 1.5f);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("kernel_block_tiles", ImVec2(std::max(width, 1.0f), height));
    app.step_view.block_tiles_min = ImGui::GetItemRectMin(), app.step_view.block_tiles_max = ImGui::GetItemRectMax();
    const bool hovered = ImGui::IsItemHovered();
    const bool clicked = ImGui::IsItemClicked();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const int64_t n = std::max<int64_t>(1, b.tiles.back().first + b.tiles.back().count);
    const float gap = b.tiles.size() > 64 ? 0.0f : 2.0f;
    int form = 0;
    for (const KernelBlockTile& tile : b.tiles)
        while (form < 3 && ImGui::CalcTextSize(tile_label(tile, form).c_str()).x > width * float(tile.count) / float(n) - gap - 6) ++form;
    float drawn_to = -FLT_MAX;
    for (const KernelBlockTile& tile : b.tiles) {
        const float x0 = at.x + width * float(tile.first) / float(n), x1 = at.x + width * float(tile.first + tile.count) / float(n);
        const ImVec2 a(x0 + gap * 0.5f, at.y), c(std::max(x0 + 1, x1 - gap * 0.5f), at.y + height);
        const Rgb fill = turn_colour(p, block_turn(b, tile.block, turn));
        // Thousands of blocks on a few hundred pixels: one rectangle a pixel column, not one a block.
        const bool drawn = std::floor(x1) > drawn_to || tile.block == int64_t(b.tiles.size()) - 1;
        if (drawn) drawn_to = std::floor(x1);
        if (drawn) dl->AddRectFilled(a, c, col(fill));
        if (drawn && tile.wrong > 0) dl->AddRect(ImVec2(a.x + 1, a.y + 1), ImVec2(c.x - 1, c.y - 1), col(p.cell_wrong), 0.0f, 3.0f);
        // Its name and its turn on one line, in the longest form every tile has room for (the row
        // is a line tall, so that the array under it keeps its room).
        if (form < 3) {
            const std::string label = tile_label(tile, form);
            dl->AddText(ImVec2(a.x + 4, a.y + (height - font) * 0.5f), text_on(fill), label.c_str());
        }
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        if (hovered && mouse.x >= x0 && mouse.x < x1) {
            block_tile_tooltip(b, tile);
            if (clicked) app.step_view.block_turn = tile.turn;
        }
    }
}

}  // namespace

void draw_kernel_blocks(App& app, const ShownTrace& st, size_t step) {
    const std::optional<KernelBlocks> blocks = kernel_blocks(st.trace, step, st.book.verdict.wrong);
    if (!blocks) return;
    const KernelBlocks& b = *blocks;
    int64_t& turn = app.step_view.block_turn;
    if (app.step_view.block_turn_of != &st) turn = 0, app.step_view.block_turn_of = &st;
    turn = std::clamp<int64_t>(turn, 0, int64_t(b.order.size()) - 1);
    ImGui::PushID("kernel_blocks");
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(blocks_ran_sentence(b).c_str());
    ImGui::BeginDisabled(turn == 0);
    if (ImGui::SmallButton("< block before")) --turn;
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(turn + 1 >= int64_t(b.order.size()));
    if (ImGui::SmallButton("block after >")) ++turn;
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::TextUnformatted(turn_sentence(b, turn).c_str());
    draw_tile_row(app, b, turn);
    if (const std::string wrong = wrong_block_sentence(b); !wrong.empty())
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(col(app.palette().error)), "%s", wrong.c_str());
    else if (!b.last_launch && b.result_wrong)
        ImGui::TextDisabled("(the result is a later launch's: its wrong values are marked on that launch's blocks)");
    ImGui::PopTextWrapPos();
    ImGui::PopID();
}

}  // namespace scanlab::gui
