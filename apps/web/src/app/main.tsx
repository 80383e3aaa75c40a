import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';

function App() {
  return (
    <main className="mx-auto max-w-md p-6">
      <h1 className="text-2xl font-bold text-[#2F6B3F]">Kete</h1>
      <p className="mt-2 text-gray-700">Compare supermarket prices across New Zealand.</p>
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
