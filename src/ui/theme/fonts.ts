// The console's fonts (SPEC §9), bundled with the app: nothing is fetched from a font CDN.
// Inter for text, Sora for headings, Geist Mono for addresses, keys and code.
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/sora/600.css';
import '@fontsource/geist-mono/400.css';
