// The page installs its service worker (/sw.js) and tells it the files it loaded, so that the page
// comes up and plays against the bot without the server (offline/offline.js). The page sets
// `data-offline-ready` on <html> once they are kept (the tests wait for it).

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.kept) document.documentElement.dataset.offlineReady = "yes";
  });
  window.addEventListener("load", async () => {
    try {
      await navigator.serviceWorker.register("/sw.js");
      const ready = await navigator.serviceWorker.ready;
      const loaded = performance.getEntriesByType("resource").map((entry) => entry.name);
      ready.active?.postMessage({ keep: [location.pathname, ...loaded] });
    } catch (error) {
      console.warn("the page is not kept for offline play:", error);
    }
  });
}
