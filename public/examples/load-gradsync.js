// Loads <gradsync-sim> and <gradsync-train> for these example pages. A real page needs only one line:
//
//   <script type="module" src="https://example.org/embed/gradsync-embed.js"></script>
//
// These examples run both from the build (`npm run build && npm run preview`, then open
// /examples/blog.html), where they load that same file, dist/embed/gradsync-embed.js, and from the
// dev server (`npm run dev`), which has no built file and loads the element from the source instead.
// Where neither is there (a build without its embed), each figure says so in its room.

const BUILT = '/embed/gradsync-embed.js';
const SOURCE = '/src/embed/devDefine.ts';

const built = await fetch(BUILT, { method: 'HEAD' });
const isBuilt = built.ok && (built.headers.get('content-type') ?? '').includes('javascript');
try {
  await import(isBuilt ? BUILT : SOURCE);
} catch {
  const why = isBuilt
    ? `This figure could not load: ${BUILT} did not run in this browser.`
    : `This figure could not load: this build has no ${BUILT}. Build with npm run build, which writes it to dist/embed/.`;
  console.error(`gradsync: ${why}`);
  for (const figure of document.querySelectorAll('gradsync-sim, gradsync-train')) figure.dataset.gradsyncError = why;
}
