import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { earlyWorker } from './scripts/earlyWorker';
import { embedWithApp } from './scripts/embedWithApp';
import { reserveSheetInDev } from './scripts/reserveSheet';

export default defineConfig({
  plugins: [react(), earlyWorker(), reserveSheetInDev(), embedWithApp()],
  server: { port: 5173 },
  build: {
    target: 'es2022',
    // The app; embed.html, the figure alone for iframes; present.html, the presenter and the race;
    // train.html, the training step.
    rolldownOptions: { input: { main: 'index.html', embed: 'embed.html', present: 'present.html', train: 'train.html' } },
  },
});
