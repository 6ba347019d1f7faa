// Vite's `?raw` import: a file's text (index.html in test/worker/http/security-headers.test.ts).
declare module "*?raw" {
  const text: string;
  export default text;
}
