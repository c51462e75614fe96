'use client';

import 'leaflet/dist/leaflet.css';

import L from 'leaflet';
import { useEffect, useRef } from 'react';

type Props = { latitude: number; longitude: number; tileUrl: string; attribution: string; place: string };

export function LeafletMap({ latitude, longitude, tileUrl, attribution, place }: Props) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { scrollWheelZoom: false }).setView([latitude, longitude], 16);
    L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
    // A vector marker: Leaflet's default icon would need image files from its package.
    L.circleMarker([latitude, longitude], {
      radius: 10,
      color: '#ffffff',
      weight: 3,
      fillColor: '#c0392b',
      fillOpacity: 1,
    })
      .addTo(map)
      .bindTooltip(place, { permanent: false });
    container.current.focus();
    return () => {
      map.remove();
    };
  }, [latitude, longitude, tileUrl, attribution, place]);
  return <div ref={container} className="leaflet-host" data-testid="leaflet-map" tabIndex={0} />;
}
