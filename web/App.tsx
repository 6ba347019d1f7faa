export function App() {
  return <main className="p-8 text-slate-900">Echo</main>;
}
