// Vite's `?inline` asset import: the file as a data: URL (used to load WAV fixtures inside workerd).
declare module "*.wav?inline" {
  const dataUrl: string;
  export default dataUrl;
}
