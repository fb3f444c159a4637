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
// States, as the host's `state` attribute (for CSS: route-bar[state=error]): "loading" while a
// drawing is on its way, "routes" once drawn, "no-route" when the answer has none (a planner found
// no journey), "error" when it cannot be drawn. Riders never see a problem's detail: "no-route"
// and "error" show a short text in the page's language ("No route found", "Route request
// failed"; from the service's word files, English where the language has none), or the app's own
// text given as a child with slot="no-route" or slot="error". Each route of a drawing is
// focusable, its sentence its accessible name.
//
// Events: "routebar-drawn" (detail.svg: the SVG text) when routes are drawn, never for an answer
// without one; "routebar-error" (detail: the RFC 9457 problem, or {detail} for a network error,
// for developers), both bubbling.

// Rider texts by language, from Sources/RouteBar/Words/*.words (scripts/sentence-words.py, make words):
const RIDER_TEXTS = {
  "ar": { noRoute: "لا مسار", routesUnavailable: "فشل طلب المسار" },
  "bg": { noRoute: "Не е намерен маршрут", routesUnavailable: "Неуспешна заявка за маршрут" },
  "bn": { noRoute: "রুট সনাক্ত করা যাচ্ছে না", routesUnavailable: "রুট তৈরি করা যাচ্ছে না" },
  "ca": { noRoute: "No s'ha trobat cap ruta", routesUnavailable: "Ha fallat la sol·licitud de cercar la ruta" },
  "cs": { noRoute: "Nenalezena žádná cesta", routesUnavailable: "Požadavek na vyhledání cesty selhal" },
  "da": { noRoute: "Ingen rute fundet", routesUnavailable: "Ruteforespørgsel fejlede" },
  "de": { noRoute: "Keine Route gefunden", routesUnavailable: "Routenanfrage schlug fehl" },
  "el": { noRoute: "Δεν βρέθηκε διαδρομή", routesUnavailable: "Αποτυχία αιτήματος διαδρομής" },
  "en": { noRoute: "No route found", routesUnavailable: "Route request failed" },
  "es": { noRoute: "No se ha encontrado la ruta", routesUnavailable: "Falló al solicitar la ruta" },
  "et": { noRoute: "Marsruuti ei õnnestu leida", routesUnavailable: "Marsruudi arvutamine ei õnnestu" },
  "eu": { noRoute: "Ez da ibilbiderik aurkitu", routesUnavailable: "Huts egin du ibilbidearen eskaerak" },
  "fa": { noRoute: "هیچ مسیری پیدا نشد", routesUnavailable: "درخواست مسیر شکست خورد" },
  "fi": { noRoute: "Reittiä ei löytynyt", routesUnavailable: "Reittipyyntö epäonnistui" },
  "fr": { noRoute: "Aucun itinéraire trouvé", routesUnavailable: "Échec de la recherche d’itinéraire" },
  "gl": { noRoute: "Non se atopou a ruta", routesUnavailable: "Produciuse un fallo na solicitude de ruta" },
  "he": { noRoute: "לא נמצא מסלול", routesUnavailable: "בקשת המסלול נכשלה" },
  "hi": { noRoute: "कोई मार्ग नहीं मिला", routesUnavailable: "मार्ग अनुरोध विफल" },
  "hr": { noRoute: "Ruta nije pronađena", routesUnavailable: "Zahtjev rute neuspio" },
  "hu": { noRoute: "Nem található útvonal", routesUnavailable: "Az útvonalkérés nem sikerült" },
  "id": { noRoute: "Rute tak ditemukan", routesUnavailable: "Permintaan rute gagal" },
  "it": { noRoute: "Nessun percorso trovato", routesUnavailable: "Richiesta del percorso non riuscita" },
  "ja": { noRoute: "ルートが見つかりません", routesUnavailable: "ルート要求は失敗しました" },
  "ko": { noRoute: "경로가 없습니다", routesUnavailable: "경로 요청에 실패했습니다" },
  "lt": { noRoute: "Maršrutas nerastas", routesUnavailable: "Nepavyko užklausti maršruto" },
  "lv": { noRoute: "Nav atrastu maršrutu", routesUnavailable: "Maršruta pieprasījums neizdevās" },
  "ms": { noRoute: "Tiada laluan ditemui", routesUnavailable: "Permintaan laluan gagal" },
  "nb": { noRoute: "Fant ingen veibeskrivelse", routesUnavailable: "Uthenting av veibeskrivelse mislyktes" },
  "nl": { noRoute: "Geen route gevonden", routesUnavailable: "Routeaanvraag is mislukt" },
  "pl": { noRoute: "Nie odnaleziono żadnej trasy", routesUnavailable: "Żądanie trasy się nie powiodło" },
  "pt-BR": { noRoute: "Nenhuma rota encontrada", routesUnavailable: "Solicitação da rota falhou" },
  "pt-PT": { noRoute: "Rota não encontrada", routesUnavailable: "Pedido de rota falhou" },
  "ro": { noRoute: "Nu s-au găsit trasee", routesUnavailable: "Cererea traseului a eșuat" },
  "ru": { noRoute: "Маршрут не найден", routesUnavailable: "Сбой при запросе маршрута" },
  "sk": { noRoute: "Nenašla sa žiadna trasa", routesUnavailable: "Požiadavka na trasu zlyhala" },
  "sl": { noRoute: "Ni najdene poti", routesUnavailable: "Zahteva za pridobivanje poti je spodletela" },
  "sr": { noRoute: "Нисам пронашао путању", routesUnavailable: "Захтев за путању није успео" },
  "sv": { noRoute: "Hittade ingen rutt", routesUnavailable: "Ruttbegäran misslyckades" },
  "ta": { noRoute: "வழியைக் கண்டறிய முடியவில்லை", routesUnavailable: "வழியைக் கணக்கிட முடியவில்லை" },
  "th": { noRoute: "ไม่สามารถหาเส้นทางได้", routesUnavailable: "ไม่สามารถคำนวณเส้นทาง" },
  "tl": { noRoute: "Walang nakitang biyahe", routesUnavailable: "Nagka-error habang nagpaplano ng biyahe" },
  "tr": { noRoute: "Hiçbir rota bulunamadı", routesUnavailable: "Rota isteği başarısız oldu" },
  "uk": { noRoute: "Не знайдено жодного маршруту", routesUnavailable: "Невдалий запит маршруту" },
  "ur": { noRoute: "کوئی راستہ نہیں ملا", routesUnavailable: "راستے کی درخواست ناکام ہو گئی" },
  "vi": { noRoute: "Không tìm thấy lộ trình nào", routesUnavailable: "Yêu cầu đường đi gặp lỗi" },
  "zh-Hans": { noRoute: "没有找到路线", routesUnavailable: "路线请求失败" },
  "zh-Hant": { noRoute: "找不到路線", routesUnavailable: "要求路線失敗" },
};
// End of the rider texts.

/** The rider texts for a language tag: its own, its language's, else English. */
function riderTexts(tag) {
  const parts = (tag || "en").split(/[-_]/);
  const language = parts[0].toLowerCase();
  const rest = parts.slice(1).map((part) => part.toLowerCase());
  if (language === "zh") {
    const traditional = rest.includes("hant") || (!rest.includes("hans") && rest.some((part) => ["tw", "hk", "mo"].includes(part)));
    return RIDER_TEXTS[traditional ? "zh-Hant" : "zh-Hans"];
  }
  return RIDER_TEXTS[language] ?? RIDER_TEXTS.en;
}

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
      "<style>:host{display:block} [part=message]{font:14px sans-serif;margin:0} [hidden]{display:none}" +
      " g.route:focus-visible{outline:2px solid currentColor}</style>" +
      '<div part="bars"></div><p part="message" hidden><slot name="no-route" hidden></slot><slot name="error" hidden></slot></p>';
  }

  /** "loading", "routes", "no-route" or "error"; null before the first drawing starts. */
  get state() {
    return this.getAttribute("state");
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

  /** Shows `state`'s text (the slot's, else the rider text in the page's language) instead of bars. */
  #show(state) {
    this.setAttribute("state", state);
    const message = this.shadowRoot.querySelector("[part=message]");
    message.hidden = state === "routes" || state === "loading";
    if (message.hidden) return;
    const texts = riderTexts(this.closest("[lang]")?.getAttribute("lang") || navigator.language);
    const shown = this.shadowRoot.querySelector(`slot[name=${state}]`);
    for (const slot of this.shadowRoot.querySelectorAll("slot")) slot.hidden = slot !== shown;
    shown.textContent = state === "error" ? texts.routesUnavailable : texts.noRoute;
    message.setAttribute("role", state === "error" ? "alert" : "status");
    this.shadowRoot.querySelector("[part=bars]").replaceChildren();
  }

  async #draw() {
    this.#abort?.abort();
    const abort = (this.#abort = new AbortController());
    this.setAttribute("state", "loading");
    const api = (this.getAttribute("api") ?? new URL(import.meta.url).origin).replace(/\/$/, "");
    try {
      let body = this.#body ?? this.querySelector('script[type="application/json"]')?.textContent ?? null;
      const src = this.getAttribute("src");
      if (body === null && src) {
        const response = await fetch(new URL(src, document.baseURI), { signal: abort.signal });
        if (!response.ok) throw { detail: `${src}: ${response.status} ${response.statusText}` };
        body = await response.text();
      }
      if (body === null) {
        this.removeAttribute("state");
        return;
      }
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
      if (!svg.querySelector("g.route")) {
        this.#show("no-route");
        return;
      }
      // Each route a stop for the keyboard, named by its sentence (the row's <title>).
      for (const route of svg.querySelectorAll("g.route")) {
        route.setAttribute("tabindex", "0");
        route.setAttribute("aria-label", route.querySelector("title")?.textContent ?? "");
      }
      this.shadowRoot.querySelector("[part=message]").hidden = true;
      this.shadowRoot.querySelector("[part=bars]").replaceChildren(document.importNode(svg, true));
      this.setAttribute("state", "routes");
      this.dispatchEvent(new CustomEvent("routebar-drawn", { bubbles: true, detail: { svg: text } }));
    } catch (error) {
      if (abort.signal.aborted) return;
      const problem = error instanceof Error ? { detail: error.message } : error;
      this.#show("error");
      this.dispatchEvent(new CustomEvent("routebar-error", { bubbles: true, detail: problem }));
    }
  }
}

if (!customElements.get("route-bar")) customElements.define("route-bar", RouteBarElement);
export { RouteBarElement };
