// Module types the Worker bundler (workerd / @cloudflare/vite-plugin) gives binary imports: a `.wasm`
// import is a compiled WebAssembly.Module (workerd refuses to compile wasm from bytes at run time), a
// `.bin` import is an ArrayBuffer.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "*.bin" {
  const data: ArrayBuffer;
  export default data;
}
