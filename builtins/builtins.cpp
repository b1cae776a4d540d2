// The standard registry: every family registered once.
#include "builtins/builtins.h"

namespace quarry::builtins {

void register_builtins(interpreter::Registry& registry) {
  register_logic_filters(registry);
  register_arithmetic_filters(registry);
  register_comparison_filters(registry);
  register_string_literals_filters(registry);
  register_set_filters(registry);
  register_position_status_filters(registry);
  register_game_tree_filters(registry);
  register_move_filters(registry);
  register_echo_filters(registry);
  register_find_filters(registry);
  register_consecutive_moves_filters(registry);
  register_imagine_filters(registry);
  register_line_sequence_filters(registry);
  register_transform_filters(registry);
  register_variable_filters(registry);
  register_control_filters(registry);
  register_iteration_filters(registry);
  register_function_filters(registry);
  register_dictionary_filters(registry);
  register_variable_lifetime_filters(registry);
  register_sort_filters(registry);
  register_end_block_filters(registry);
  register_attack_filters(registry);
  register_rays_and_pins_filters(registry);
  register_direction_filters(registry);
  register_square_filters(registry);
  register_fen_fields_filters(registry);
  register_pawn_structure_filters(registry);
  register_position_identity_filters(registry);
  register_string_function_filters(registry);
  register_regex_filters(registry);
  register_metadata_filters(registry);
  register_annotation_filters(registry);
  register_corresponding_squares_filters(registry);
  register_kpk_filters(registry);
  register_reachability_filters(registry);
  register_current_move_filters(registry);
  register_assertion_filters(registry);
}

const interpreter::Registry& standard_registry() {
  static const interpreter::Registry registry = [] {
    interpreter::Registry r;
    register_builtins(r);
    return r;
  }();
  return registry;
}

}  // namespace quarry::builtins
