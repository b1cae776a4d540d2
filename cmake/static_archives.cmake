# With QUARRY_LINK_STATIC, find_library finds archives, so a pkg-config module's imported target
# (PkgConfig::<prefix>) links the module's own archive. An archive does not name the libraries it
# needs, as a shared object does: the module lists them for static links (pkg-config --static,
# <prefix>_STATIC_LIBRARIES), and they are added to the target here, as archives too.
function(quarry_link_static_dependencies prefix)
  if(NOT QUARRY_LINK_STATIC)
    return()
  endif()
  foreach(name IN LISTS ${prefix}_STATIC_LIBRARIES)
    if(name IN_LIST ${prefix}_LIBRARIES)
      continue()  # the module's own library: the target links it already
    endif()
    find_library(QUARRY_ARCHIVE_${name} NAMES ${name} HINTS ${${prefix}_STATIC_LIBRARY_DIRS} REQUIRED)
    set_property(TARGET PkgConfig::${prefix} APPEND PROPERTY INTERFACE_LINK_LIBRARIES ${QUARRY_ARCHIVE_${name}})
  endforeach()
endfunction()

# A build directory keeps the libraries it found first (its cache). Configured again in the other
# mode (QUARRY_STATIC_LIBS, a sanitizer), it would link archives without what they need, or shared
# objects where archives were meant: each library path given is checked against the mode.
function(quarry_check_library_kinds)
  foreach(library IN LISTS ARGN)
    if(NOT library MATCHES "/")
      continue()  # optimized, debug: keywords of a library list
    endif()
    if(library MATCHES "\\.a$")
      set(archive ON)
    else()
      set(archive OFF)
    endif()
    if((archive AND NOT QUARRY_LINK_STATIC) OR (QUARRY_LINK_STATIC AND NOT archive))
      message(FATAL_ERROR "${library} was found when this build directory was configured for "
                          "the other kind of linking (QUARRY_STATIC_LIBS, the sanitizers): configure a "
                          "fresh build directory (docs/contributing.md).")
    endif()
  endforeach()
endfunction()
