# hip_device_libs.cmake - the ROCm device-library folder hipcc links against.
#
# Debian 12's rocm-device-libs (5.2.3) predates RDNA3 and ships no
# oclc_isa_version_<N>.bc for gfx1100, although its clang 15 compiles for
# that target. That file only defines the constant __oclc_ISA_version; for
# a missing target we derive it from one that exists (llvm-dis, edit the
# number, llvm-as) in a folder that links the rest of the system files.
function(smax_hip_device_lib_dir archs out_var)
  find_path(sys_dir oclc_isa_version_1030.bc
            PATHS /usr/lib/x86_64-linux-gnu/amdgcn/bitcode /opt/rocm/amdgcn/bitcode)
  if(NOT sys_dir)
    message(FATAL_ERROR "ROCm device libraries not found (apt-get install -y rocm-device-libs)")
  endif()
  set(missing "")
  foreach(arch IN LISTS archs)
    string(REGEX REPLACE "^gfx" "" isa "${arch}")
    if(NOT EXISTS ${sys_dir}/oclc_isa_version_${isa}.bc)
      list(APPEND missing ${isa})
    endif()
  endforeach()
  if(NOT missing)
    set(${out_var} ${sys_dir} PARENT_SCOPE)
    return()
  endif()
  find_program(LLVM_DIS NAMES llvm-dis-15 llvm-dis PATHS /usr/lib/llvm-15/bin)
  find_program(LLVM_AS NAMES llvm-as-15 llvm-as PATHS /usr/lib/llvm-15/bin)
  if(NOT LLVM_DIS OR NOT LLVM_AS)
    message(FATAL_ERROR "Targets ${missing} need llvm-dis and llvm-as (apt-get install -y llvm-15)")
  endif()
  set(dir ${PROJECT_BINARY_DIR}/amdgcn-bitcode)
  file(MAKE_DIRECTORY ${dir})
  file(GLOB sys_files ${sys_dir}/*.bc)
  foreach(f IN LISTS sys_files)
    get_filename_component(name ${f} NAME)
    file(CREATE_LINK ${f} ${dir}/${name} SYMBOLIC)
  endforeach()
  execute_process(COMMAND ${LLVM_DIS} ${sys_dir}/oclc_isa_version_1030.bc -o -
                  OUTPUT_VARIABLE template COMMAND_ERROR_IS_FATAL ANY)
  foreach(isa IN LISTS missing)
    if(NOT isa MATCHES "^[0-9]+$")
      message(FATAL_ERROR "No device library for gfx${isa}, and it cannot be derived")
    endif()
    string(REPLACE "i32 10300" "i32 ${isa}0" text "${template}")
    file(WRITE ${dir}/oclc_isa_version_${isa}.ll "${text}")
    execute_process(COMMAND ${LLVM_AS} ${dir}/oclc_isa_version_${isa}.ll
                            -o ${dir}/oclc_isa_version_${isa}.bc
                    COMMAND_ERROR_IS_FATAL ANY)
  endforeach()
  message(STATUS "HIP device libraries: ${dir} (derived ISA version for: ${missing})")
  set(${out_var} ${dir} PARENT_SCOPE)
endfunction()
