// <route-bar>: routebar's bars in any web page, a plain custom element (no framework). The
// service serves this file at /v1/route-bar.js (revalidated) and /v1/route-bar-VERSION.js
// (cached for a year); it is also a file of the repository (Sources/CEmbeddedFiles/route-bar.js)
// to ship with an app.
//
//   <script type="module" src="http://127.0.0.1:8080/v1/route-bar.js"></script>
//   <route-bar src="itinerary.json" options="gap=2&labelMinimums=true">
//     <img src="bars.svg" alt="Total 47 min: walk 6 min, bus 421 14 min, …">  <!-- without scripts -->
//   </route-bar>
//
// Attributes:
//   src      the URL of a body to lay out: a planner's answer as it is, or routebar's own request
//   api      the service's base URL; by default the origin this script came from. A page on
//            another origin needs the service started with --cors-origin naming the page's origin.
//   width    the bar's width in points; by default the element's own width, redrawn as it changes
//   options  more query parameters, as POST /v1/route-bars.svg takes them ("gap=2&locale=fr")
// The body may also be given as the `body` property (an object or JSON text) or as a child
// <script type="application/json">. Unless `options` names them, the theme follows the reader's
// prefers-color-scheme and the locale the nearest `lang` attribute (else the browser's
// Accept-Language). The drawing is the service's SVG, as it is: the same layout, badges, icons
// and accessibility text (each bar a role="img" with its sentence as <title>). The element's
// children (the <img> above) show only where scripts do not run.
//
// Events: "routebar-drawn" (detail.svg: the SVG text), "routebar-error" (detail: the RFC 9457
// problem, or {detail} for a network error), both bubbling.
class RouteBarElement extends HTMLElement {
  static observedAttributes = ["src", "api", "width", "options"];

  #body = null;
  #svg = null;
  #pending = false;
  #abort = null;
  #lastWidth = 0;
  #scheme = matchMedia("(prefers-color-scheme: dark)");
  #resize = new ResizeObserver(() => {
    if (!this.hasAttribute("width") && Math.floor(this.clientWidth) !== this.#lastWidth) this.#schedule();
  });
  #schemeChanged = () => this.#schedule();

  constructor() {
    super();
    this.attachShadow({ mode: "open" }).innerHTML =
      '<style>:host{display:block} [part=error]{color:#b00020;font:12px sans-serif;margin:0}</style><div part="bars"></div>';
  }

  connectedCallback() {
    this.#resize.observe(this);
    this.#scheme.addEventListener("change", this.#schemeChanged);
    this.#schedule();
  }

  disconnectedCallback() {
    this.#resize.disconnect();
    this.#scheme.removeEventListener("change", this.#schemeChanged);
    this.#abort?.abort();
  }

  attributeChangedCallback() {
    if (this.isConnected) this.#schedule();
  }

  /** The body to lay out: an object or JSON text. */
  set body(value) {
    this.#body = typeof value === "string" ? value : JSON.stringify(value);
    this.#schedule();
  }

  get body() {
    return this.#body;
  }

  /** The SVG last drawn, as the service sent it; null before the first drawing. */
  get svg() {
    return this.#svg;
  }

  /** The query the element sends: its options, then width, theme and locale where they name none. */
  get query() {
    const query = new URLSearchParams(this.getAttribute("options") ?? "");
    const width = Number(this.getAttribute("width")) || Math.floor(this.clientWidth) || 343;
    this.#lastWidth = Math.floor(this.clientWidth);
    if (!query.has("width")) query.set("width", String(width));
    if (!query.has("theme")) query.set("theme", this.#scheme.matches ? "dark" : "light");
    const lang = this.closest("[lang]")?.getAttribute("lang");
    if (!query.has("locale") && lang) query.set("locale", lang);
    return query;
  }

  #schedule() {
    if (this.#pending) return;
    this.#pending = true;
    queueMicrotask(() => {
      this.#pending = false;
      this.#draw();
    });
  }

  async #draw() {
    this.#abort?.abort();
    const abort = (this.#abort = new AbortController());
    const api = (this.getAttribute("api") ?? new URL(import.meta.url).origin).replace(/\/$/, "");
    try {
      let body = this.#body ?? this.querySelector('script[type="application/json"]')?.textContent ?? null;
      const src = this.getAttribute("src");
      if (body === null && src) {
        const response = await fetch(new URL(src, document.baseURI), { signal: abort.signal });
        if (!response.ok) throw { detail: `${src}: ${response.status} ${response.statusText}` };
        body = await response.text();
      }
      if (body === null) return;
      const response = await fetch(`${api}/v1/route-bars.svg?${this.query}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
        signal: abort.signal,
      });
      const text = await response.text();
      if (!response.ok) {
        let problem;
        try { problem = JSON.parse(text); } catch { problem = { status: response.status, detail: text }; }
        throw problem;
      }
      const svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
      this.#svg = text;
      this.shadowRoot.querySelector("[part=bars]").replaceChildren(document.importNode(svg, true));
      this.dispatchEvent(new CustomEvent("routebar-drawn", { bubbles: true, detail: { svg: text } }));
    } catch (error) {
      if (abort.signal.aborted) return;
      const problem = error instanceof Error ? { detail: error.message } : error;
      const message = document.createElement("p");
      message.setAttribute("part", "error");
      message.setAttribute("role", "alert");
      message.textContent = problem.detail ?? problem.title ?? "routebar: no drawing";
      this.shadowRoot.querySelector("[part=bars]").replaceChildren(message);
      this.dispatchEvent(new CustomEvent("routebar-error", { bubbles: true, detail: problem }));
    }
  }
}

if (!customElements.get("route-bar")) customElements.define("route-bar", RouteBarElement);
export { RouteBarElement };
