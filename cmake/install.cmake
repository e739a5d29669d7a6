# Install rules: `cmake --install build --prefix P` puts the lgfuzz binary in
# P/bin and what it reads at run time in P/share/lgfuzz, laid out as in the
# source tree: util's lg_data_path finds that directory beside the binary
# (../share/lgfuzz), so an installed lgfuzz never reads the source tree.
set(LG_INSTALL_DATA share/lgfuzz)
if(TARGET lgfuzz)
  install(TARGETS lgfuzz RUNTIME DESTINATION bin)
endif()
install(DIRECTORY grammars/ DESTINATION ${LG_INSTALL_DATA}/grammars FILES_MATCHING PATTERN "*.yaml")
install(FILES guard/clauses.yaml DESTINATION ${LG_INSTALL_DATA}/guard)
# Sources compiled at run time: the tracer's runtime into every executor,
# the RTL harness engine into every Verilator model (its files are hashed
# into the model cache's key, so the directory holds the engine only).
install(DIRECTORY tracer/runtime/ DESTINATION ${LG_INSTALL_DATA}/tracer/runtime)
install(DIRECTORY tracer/include/ DESTINATION ${LG_INSTALL_DATA}/tracer/include)
install(DIRECTORY rtl-oracle/engine/ DESTINATION ${LG_INSTALL_DATA}/rtl-oracle/engine)
