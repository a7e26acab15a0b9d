// Loads <gradsync-sim> and <gradsync-train> for these example pages. A real page needs only one line:
//
//   <script type="module" src="https://example.org/embed/gradsync-embed.js"></script>
//
// These examples run both from the build (`npm run build && npm run preview`, then open
// /examples/blog.html), where they load that same file, dist/embed/gradsync-embed.js, and from the
// dev server (`npm run dev`), which has no built file and loads the element from the source instead.

const built = await fetch('/embed/gradsync-embed.js', { method: 'HEAD' });
const isBuilt = built.ok && (built.headers.get('content-type') ?? '').includes('javascript');
await import(isBuilt ? '/embed/gradsync-embed.js' : '/src/embed/devDefine.ts');
