import type { ReactNode } from 'react';

// no favicon file: an empty icon, so the browser asks the server for none
export const metadata = { title: 'rtk-entities with Next.js', icons: { icon: 'data:,' } };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: '2rem' }}>{children}</body>
    </html>
  );
}
