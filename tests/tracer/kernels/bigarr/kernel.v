// The module bigarr's spec names; tracer.bigarr runs the C side only.
module bigarr();
endmodule
