// Spec §5: image addresses using plain http are loaded through our image proxy route.
export function displayImageUrl(url: string): string {
  return url.startsWith("http://") ? `/getImage?imageUrl=${encodeURIComponent(url)}` : url;
}
