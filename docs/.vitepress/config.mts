// The documentation site (VitePress). The API reference under api/ is generated from the sources'
// JSDoc by TypeDoc before every build (`npm run docs`, `npm run docs:build`: scripts/docs.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type DefaultTheme } from 'vitepress';

const apiSidebarFile = fileURLToPath(new URL('../api/typedoc-sidebar.json', import.meta.url));
if (!existsSync(apiSidebarFile))
  throw new Error('docs/api/ is not generated: run `npm run docs` or `npm run docs:build` (they run TypeDoc first).');
const apiSidebar = JSON.parse(readFileSync(apiSidebarFile, 'utf8')) as DefaultTheme.SidebarItem[];

const guide: DefaultTheme.SidebarItem[] = [
  {
    text: 'Start',
    items: [
      { text: 'Getting started', link: '/guide/getting-started' },
      { text: 'The example app', link: '/guide/example' },
    ],
  },
  {
    text: 'Guides',
    items: [
      { text: 'Schemas', link: '/guide/schemas' },
      { text: 'REST endpoints and resources', link: '/guide/resources' },
      { text: 'Bundled mutations', link: '/guide/bundled-mutations' },
      { text: 'React', link: '/guide/react' },
      { text: 'When a call fetches', link: '/guide/fetching' },
      { text: 'Already on RTK Query?', link: '/guide/rtk-query' },
      { text: 'Pushes', link: '/guide/pushes' },
      { text: 'Live views', link: '/guide/live-views' },
      { text: 'Tabs', link: '/guide/tabs' },
      { text: 'Server rendering', link: '/guide/server-rendering' },
      { text: 'Persistence', link: '/guide/persistence' },
      { text: 'Testing with Jest', link: '/guide/testing' },
      { text: 'Long-running apps', link: '/guide/long-running' },
      { text: 'Performance', link: '/guide/performance' },
      { text: 'Errors and guarantees', link: '/guide/errors-and-guarantees' },
    ],
  },
  {
    text: 'Reference',
    items: [
      { text: 'API', link: '/api/' },
      { text: 'State shape', link: '/reference/state-shape' },
      { text: 'How it installs', link: '/reference/packaging' },
      { text: 'Benchmark results', link: '/reference/benchmark-results' },
    ],
  },
  {
    text: 'Contributing',
    items: [
      { text: 'Development', link: '/contributing/development' },
      { text: 'Layout of the repository', link: '/contributing/layout' },
    ],
  },
];

export default defineConfig({
  title: 'rtk-entities',
  description: 'A normalized data layer for Redux Toolkit',
  cleanUrls: true,
  // no favicon file: an empty icon, so the browser asks for none
  head: [['link', { rel: 'icon', href: 'data:,' }]],
  lastUpdated: false,
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started', activeMatch: '^/(guide|reference|contributing)/' },
      { text: 'API', link: '/api/', activeMatch: '^/api/' },
      { text: 'Example', link: '/guide/example' },
    ],
    sidebar: {
      '/guide/': guide,
      '/reference/': guide,
      '/contributing/': guide,
      '/api/': [{ text: 'API reference', link: '/api/', items: apiSidebar }, ...guide.slice(0, 1)],
    },
    outline: { level: [2, 3] },
    search: { provider: 'local' },
  },
});
