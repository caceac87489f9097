/**
 * The small static files other answers point at (/api/media/…): the engine stylesheet, module
 * images, logos, the welcome video and its poster. Kept in code so the bundled server needs no asset folder.
 */
import { WELCOME_WEBM } from "./welcome-video";

export interface Asset {
  type: string;
  body: string | Buffer;
}

const ENGINE_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1f;background:#fff}
main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.35rem;margin:0 0 .25rem}
.progress{color:#555;margin:0 0 1rem}
.error{border-left:4px solid #b00020;background:#fdecee;padding:.5rem .75rem}
fieldset{border:1px solid #c8c8d0;border-radius:6px;margin:0 0 1rem;padding:.75rem 1rem}
legend{font-weight:600;padding:0 .25rem}
.options{display:grid;gap:.35rem}
.option{display:flex;gap:.5rem;align-items:center;padding:.25rem 0;cursor:pointer}
input[type=radio]{width:1.15rem;height:1.15rem;margin:0}
button{font:inherit;padding:.6rem 1.4rem;border:0;border-radius:6px;background:#0b5cad;color:#fff;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
`.trim();

function moduleIcon(color: string, glyph: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img"><rect width="64" height="64" rx="12" fill="${color}"/><path d="${glyph}" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}

function logo(name: string, color: string): string {
  const escaped = name.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 48" width="240" height="48" role="img" aria-label="${escaped}"><rect width="48" height="48" rx="10" fill="${color}"/><text x="24" y="32" font-family="sans-serif" font-size="22" font-weight="700" fill="#fff" text-anchor="middle">${escaped.charAt(0)}</text><text x="60" y="31" font-family="sans-serif" font-size="20" font-weight="600" fill="#1a1a1f">${escaped}</text></svg>`;
}

const POSTER = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360"><rect width="640" height="360" fill="#0b5cad"/><circle cx="320" cy="180" r="52" fill="#fff" opacity=".9"/><path d="M305 150v60l50-30z" fill="#0b5cad"/></svg>`;

export function staticAssets(customers: { cstm: string; name: string; config: Record<string, unknown> }[]): Map<string, Asset> {
  const assets = new Map<string, Asset>([
    ["engine.css", { type: "text/css; charset=utf-8", body: ENGINE_CSS }],
    ["module-scale.svg", { type: "image/svg+xml", body: moduleIcon("#0b5cad", "M16 44h32M20 36V24M32 36V16M44 36V28") }],
    ["module-form.svg", { type: "image/svg+xml", body: moduleIcon("#2e7d32", "M20 16h24v32H20zM26 26h12M26 34h12") }],
    ["module-training.svg", { type: "image/svg+xml", body: moduleIcon("#6a1b9a", "M18 34l10 10 18-22") }],
    ["welcome-poster.svg", { type: "image/svg+xml", body: POSTER }],
    ["welcome.webm", { type: "video/webm", body: WELCOME_WEBM }],
  ]);
  for (const customer of customers) {
    const style = customer.config.style as { primaryColor?: string } | undefined;
    assets.set(`logo-${customer.cstm}.svg`, { type: "image/svg+xml", body: logo(customer.name, style?.primaryColor ?? "#0b5cad") });
  }
  return assets;
}
