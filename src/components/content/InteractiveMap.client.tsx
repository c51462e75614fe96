'use client';

import dynamic from 'next/dynamic';
import { useState, type ReactNode } from 'react';

type Props = {
  latitude: number;
  longitude: number;
  tileUrl: string;
  attribution: string;
  labels: { show: string; loading: string; map: string; place: string };
  children: ReactNode;
};

// Leaflet (about 40 KB gzip plus its CSS and tiles) is fetched only after the click.
const LeafletMap = dynamic(() => import('./LeafletMap.client').then((m) => m.LeafletMap), {
  ssr: false,
  loading: () => <p className="map-frame map-frame--loading">…</p>,
});

export function InteractiveMap({ children, labels, ...map }: Props) {
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      <div className="map-frame" role="region" aria-label={labels.map}>
        <LeafletMap {...map} place={labels.place} />
      </div>
    );
  }
  return (
    <div className="map-frame map-frame--static">
      {children}
      <button type="button" className="button map-frame__show" onClick={() => setOpen(true)}>
        {labels.show}
      </button>
    </div>
  );
}
