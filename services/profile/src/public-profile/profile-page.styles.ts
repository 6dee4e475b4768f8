import type { ProfileTheme } from '@story/proto';

/** What both themes share: readable type, no horizontal scrolling at 390 px, and a print layout. */
const BASE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.55;overflow-wrap:anywhere}
h1,h2,h3{line-height:1.25;margin:0}
p{margin:0 0 .75em}
ul{margin:.5em 0 0;padding-left:1.25em}
.roles{list-style:none;padding:0;margin:0}
.role ul{list-style:disc}
.story h3{margin-bottom:.25rem}
.site-footer{text-align:center;font-size:.85rem;padding:2rem 1rem}
@page{margin:18mm}
@media print{
  body{background:#fff !important;color:#000 !important;font-size:11pt}
  .card,.intro{box-shadow:none !important;border:0 !important;background:#fff !important;color:#000 !important;padding:0 0 12pt !important;margin:0 !important}
  .intro *,.org,.dates{color:#000 !important}
  .banner,.avatar,.site-footer{display:none !important}
  .page{max-width:none !important;padding:0 !important;margin:0 !important}
  h2{color:#000 !important;border-bottom:1px solid #000;padding-bottom:2pt;margin-bottom:6pt}
  .role,.story{break-inside:avoid}
}`;

/** LinkedIn-style: a banner, a card with the person's name, and a card per section. */
const CLASSIC = `
body{background:#f3f2ef;color:#1d2226}
.page{max-width:52rem;margin:0 auto;padding:1.5rem 1rem 0}
.banner{height:7rem;border-radius:.75rem .75rem 0 0;background:linear-gradient(120deg,#0a4d8c,#3a7bd5)}
.intro{display:flow-root;background:#fff;border-radius:0 0 .75rem .75rem;padding:0 1.5rem 1.5rem;box-shadow:0 0 0 1px rgb(0 0 0 / 8%);margin-bottom:1rem}
.avatar{position:relative;width:6.5rem;height:6.5rem;border-radius:50%;border:4px solid #fff;background:#dce6f1;color:#0a4d8c;display:flex;align-items:center;justify-content:center;font-size:2.25rem;font-weight:600;margin-top:-3.25rem}
.intro h1{font-size:1.75rem;margin-top:.5rem}
.headline{font-size:1.1rem;color:#38434f;margin:.25rem 0 0}
.card{background:#fff;border-radius:.75rem;padding:1.25rem 1.5rem;box-shadow:0 0 0 1px rgb(0 0 0 / 8%);margin-bottom:1rem}
.card h2{font-size:1.25rem;margin-bottom:.75rem}
.role+.role,.story+.story{border-top:1px solid #e0dfdc;margin-top:1rem;padding-top:1rem}
.role h3,.story h3{font-size:1.05rem}
.org{margin:0;color:#38434f}
.dates{margin:0;color:#5e6a75;font-size:.925rem}
.site-footer{color:#5e6a75}
@media (max-width:480px){.page{padding:0}.banner{border-radius:0}.intro,.card{border-radius:0;padding-left:1rem;padding-right:1rem}}`;

/** A one-page personal site: one calm column, a large serif name, sections divided by rules. */
const SITE = `
body{background:#fffdf8;color:#262420}
.page{max-width:42rem;margin:0 auto;padding:4rem 1.25rem 0}
.banner{display:none}
.avatar{display:none}
.intro{padding-bottom:2rem;border-bottom:2px solid #262420;margin-bottom:2rem}
.intro h1{font-family:Georgia,"Times New Roman",serif;font-size:clamp(2.25rem,8vw,3.5rem);font-weight:700;letter-spacing:-.02em}
.headline{font-size:1.25rem;color:#5a4f3f;margin-top:.5rem}
.card{margin-bottom:2.5rem}
.card h2{font-size:.85rem;text-transform:uppercase;letter-spacing:.12em;color:#8a4b12;margin-bottom:1rem}
.role,.story{margin-bottom:1.5rem}
.role h3,.story h3{font-family:Georgia,"Times New Roman",serif;font-size:1.3rem}
.org{margin:0;color:#5a4f3f}
.dates{margin:0;color:#6b604f;font-size:.925rem}
.site-footer{color:#6b604f;border-top:1px solid #e6dfd2}`;

/** The stylesheet of a theme (inline in the page: the CSP allows inline styles, never scripts). */
export function profilePageStyles(theme: ProfileTheme): string {
  return `${BASE}${theme === 'site' ? SITE : CLASSIC}`.replace(/\n\s*/g, '');
}
