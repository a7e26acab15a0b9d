// Loaded before each page's main script: starts the background worker at once.
import { pageBackground } from './store/pageBackground';

pageBackground();
