'use client';

import type { DoorList } from '@/operations/door-decision';

/**
 * What a partner's door keeps in localStorage, per partner: the day's admissions (to answer
 * offline) and the checks made offline (../staff-app/offline-queue.client.ts) until the server has
 * them. A phone keeps one day's visitors, no more: signing out forgets the lists.
 */
const KEY = 'golondrinas.door';
const listKey = (partnerId: number) => `${KEY}.list.${partnerId}`;
export const doorQueueKey = (partnerId: number) => `${KEY}.queue.${partnerId}`;

export function storedDoorList(partnerId: number): DoorList | null {
  try {
    const raw = window.localStorage.getItem(listKey(partnerId));
    return raw ? (JSON.parse(raw) as DoorList) : null;
  } catch {
    return null;
  }
}

export function storeDoorList(list: DoorList): void {
  try {
    window.localStorage.setItem(listKey(list.partnerId), JSON.stringify(list));
  } catch {
    // A full or disabled storage only costs the offline mode; checking online still works.
  }
}

/** Signed out: the lists (visitors' names) go; the queues stay until someone sends them. */
export function forgetDoorLists(): void {
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith(`${KEY}.list.`)) window.localStorage.removeItem(key);
    }
  } catch {
    // No storage: nothing kept.
  }
}
