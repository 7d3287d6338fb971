/*
 * Starts the app on a page the server rendered (ADR 062). The page is already on screen; its
 * largest image (the first with fetchpriority="high") loads first, alone, and the app's code is
 * asked for once that image has been painted (or has failed; or after 6 s, so that a stalled image
 * cannot keep the page from working). On a slow connection the scripts would otherwise share, and
 * mostly take, the bandwidth that image waits for; and the app, drawing the page again, would
 * replace an image still loading. The gateway writes this script, with the entry and the chunks to
 * preload, in place of the app's module script.
 */
/* global document, requestAnimationFrame */
(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  var image = document.querySelector('#root img[fetchpriority="high"]');
  if (!image || image.complete) {
    afterPaint();
    return;
  }
  image.addEventListener('load', afterPaint);
  image.addEventListener('error', start);
  setTimeout(start, 6000);
})();
