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
