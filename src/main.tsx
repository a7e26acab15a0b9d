import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PlaceholderApp } from './ui/PlaceholderApp';
import './ui/placeholder.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PlaceholderApp />
  </StrictMode>,
);
