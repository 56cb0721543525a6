// Types of phone-metadata.mjs for the test that checks src/shared/phone-metadata.ts.
import type { MetadataJson } from 'libphonenumber-js/core';

export const COUNTRY: string;
export function metadataFor(country: string, full: MetadataJson): MetadataJson;
export function installedMetadata(): MetadataJson;
export function moduleSource(metadata: MetadataJson): string;
