// Registration of every builtin filter family into a registry.
#pragma once

#include <memory>

#include "interpreter/registry.h"

namespace quarry::builtins {

void register_logic_filters(interpreter::Registry& registry);
void register_arithmetic_filters(interpreter::Registry& registry);
void register_comparison_filters(interpreter::Registry& registry);
void register_string_literals_filters(interpreter::Registry& registry);
void register_set_filters(interpreter::Registry& registry);
void register_position_status_filters(interpreter::Registry& registry);
void register_game_tree_filters(interpreter::Registry& registry);
void register_move_filters(interpreter::Registry& registry);
void register_echo_filters(interpreter::Registry& registry);
void register_find_filters(interpreter::Registry& registry);
void register_consecutive_moves_filters(interpreter::Registry& registry);
void register_imagine_filters(interpreter::Registry& registry);  // imagine, currentmutation, saveposition
void register_line_sequence_filters(interpreter::Registry& registry);  // line --> C1 --> C2
void register_transform_filters(interpreter::Registry& registry);
void register_variable_filters(interpreter::Registry& registry);
void register_control_filters(interpreter::Registry& registry);
void register_iteration_filters(interpreter::Registry& registry);
void register_function_filters(interpreter::Registry& registry);
void register_dictionary_filters(interpreter::Registry& registry);
void register_variable_lifetime_filters(interpreter::Registry& registry);
void register_sort_filters(interpreter::Registry& registry);
void register_end_block_filters(interpreter::Registry& registry);
void register_attack_filters(interpreter::Registry& registry);
void register_rays_and_pins_filters(interpreter::Registry& registry);
void register_direction_filters(interpreter::Registry& registry);
void register_square_filters(interpreter::Registry& registry);
void register_fen_fields_filters(interpreter::Registry& registry);
void register_pawn_structure_filters(interpreter::Registry& registry);
void register_position_identity_filters(interpreter::Registry& registry);
void register_string_function_filters(interpreter::Registry& registry);
void register_regex_filters(interpreter::Registry& registry);
void register_metadata_filters(interpreter::Registry& registry);
void register_annotation_filters(interpreter::Registry& registry);
void register_corresponding_squares_filters(interpreter::Registry& registry);
void register_kpk_filters(interpreter::Registry& registry);
void register_reachability_filters(interpreter::Registry& registry);
void register_current_move_filters(interpreter::Registry& registry);  // castle, o-o, o-o-o, enpassant
void register_assertion_filters(interpreter::Registry& registry);

// All families: the registry the command line and the REPL use.
void register_builtins(interpreter::Registry& registry);

// The bind function of a filter without operands, built from fixed constructor arguments.
template <typename F, typename... Args>
interpreter::BindFunction make_filter(Args... args) {
  return [=](interpreter::BindArguments&) -> interpreter::FilterPtr { return std::make_unique<F>(args...); };
}
const interpreter::Registry& standard_registry();

}  // namespace quarry::builtins
