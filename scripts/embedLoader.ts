// embed/gradsync.js: the one line a page needs before its figures, a plain (classic) script. Run where
// it stands, it puts the room each figure keeps (src/embed/reserve.css) in the page at once, so the
// figures hold their height from the first paint and the text around them never moves, then loads the
// figures' module from beside it. While the module loads, a figure that waits long says it is loading;
// one whose module cannot load says so in its room, one line. Loaded as a module by mistake (where a
// page has no current script), it finds its own address among the page's scripts.
// So a post needs two lines: this script, then <gradsync-sim …></gradsync-sim>.

/** The loader's name beside gradsync-embed.js. */
export const LOADER_NAME = 'gradsync.js';

export function loaderSource(reserveCss: string): string {
  return `/* gradsync: the room each figure keeps, then the figures' module (gradsync-embed.js beside this file). */
(function () {
  var own = document.currentScript || document.querySelector('script[src$="/${LOADER_NAME}"], script[src="${LOADER_NAME}"]');
  var here = own && own.src;
  var root = document.documentElement;
  if (!document.querySelector('style[data-gradsync-reserve]')) {
    var style = document.createElement('style');
    style.setAttribute('data-gradsync-reserve', '');
    style.textContent = ${JSON.stringify(reserveCss)};
    (document.head || document.documentElement).insertBefore(style, (document.head || document.documentElement).firstChild);
  }
  var src = new URL('gradsync-embed.js', here || location.href).href;
  var module = document.createElement('script');
  module.type = 'module';
  module.src = src;
  root.setAttribute('data-gradsync-loading', '');
  module.onload = function () {
    root.removeAttribute('data-gradsync-loading');
  };
  module.onerror = function () {
    root.removeAttribute('data-gradsync-loading');
    var why = 'This figure could not load: its script ' + src + ' did not load.';
    console.error('gradsync: ' + why);
    var figures = document.querySelectorAll('gradsync-sim, gradsync-train');
    for (var i = 0; i < figures.length; i++) figures[i].setAttribute('data-gradsync-error', why);
  };
  (document.head || document.documentElement).appendChild(module);
})();
`;
}
