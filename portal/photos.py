"""Photos sent with a complaint: checked by their content and stripped of metadata.

- Only JPEG, PNG and WebP, recognised by decoding the file (its name and the
  browser's Content-Type are ignored).
- At most ``MAX_PHOTOS`` photos of ``MAX_BYTES`` each; images larger than
  ``MAX_PIXELS`` are refused before being decoded (decompression bombs).
- Every photo is re-encoded as a new JPEG from its pixels only, after applying
  its rotation: EXIF (GPS position, camera, owner's name), XMP, ICC profiles,
  JPEG comments and PNG text chunks never reach storage.  Large photos are scaled
  down to ``MAX_SIDE`` pixels on the longer side.
- Bounded work (issue #34): a 628 KB, 40-megapixel JPEG cost a second of CPU to
  decode in full.  A JPEG is decoded already reduced (libjpeg's DCT scaling, 1/2 to
  1/8) to the smallest size still at least ``MAX_SIDE`` on its longer side — about a
  tenth of the work — and other formats are held to ``MAX_PIXELS_FULL_DECODE``.
Stored photos are shown to staff only (portal/admin.py).
"""

from __future__ import annotations

import io
import warnings

from knowledge.citations import N_

from .storage.complaints import Photo

MAX_PHOTOS = 3
MAX_BYTES = 5 * 1024 * 1024  # per photo, as sent
MAX_PIXELS = 40_000_000  # a 40-megapixel phone photo is the largest honest upload
# PNG and WebP have no reduced decoding: every pixel is decoded, so fewer are allowed
# (a screenshot has 2–4 megapixels; phones write their photos as JPEG).
MAX_PIXELS_FULL_DECODE = 12_000_000
MAX_SIDE = 2048
ACCEPTED_FORMATS = {"JPEG", "MPO", "PNG", "WEBP"}  # MPO: the JPEG variant some phones write
# Upper bound for the whole complaint form request (3 photos + text).
MAX_REQUEST_BYTES = MAX_PHOTOS * MAX_BYTES + 256 * 1024


class PhotoError(ValueError):
    def __init__(self, message: str, **params):
        super().__init__(message % params if params else message)
        self.message = message
        self.params = params


def reduced_size(size: tuple[int, int]) -> tuple[int, int]:
    """What a reduced JPEG decoding must still cover: half of ``MAX_SIDE`` on the longer
    side (never more than sent).  libjpeg scales by 1/2, 1/4 or 1/8 only, so the decoded
    photo's longer side lands between MAX_SIDE/2 and MAX_SIDE for most phone photos —
    a 40-megapixel one is decoded at 2000 × 1250 (1/16 of its pixels), not 4000 × 2500."""
    width, height = size
    factor = min(1.0, (MAX_SIDE // 2) / max(width, height, 1))
    return max(1, int(width * factor)), max(1, int(height * factor))


def clean(data: bytes) -> Photo:
    """Check one upload and return it re-encoded without metadata; raises PhotoError."""
    if len(data) > MAX_BYTES:
        raise PhotoError(N_("Cada foto pode ter no máximo %(mb)d MB."), mb=MAX_BYTES // (1024 * 1024))
    if not data:
        raise PhotoError(N_("O arquivo da foto está vazio."))
    # Pillow is imported on the first photo: with its image libraries it weighs ~2 MB
    # on every web worker, most of which never receive one (issue #12).
    from PIL import Image, ImageOps, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as probe:
                kind = probe.format
                width, height = probe.size
                if kind not in ACCEPTED_FORMATS:
                    raise PhotoError(N_("Envie fotos em JPEG, PNG ou WebP."))
                if width * height > (MAX_PIXELS if kind in ("JPEG", "MPO") else MAX_PIXELS_FULL_DECODE):
                    raise PhotoError(N_("A foto tem pixels demais; envie uma foto menor."))
                probe.verify()  # structure check without decoding the pixels twice
            with Image.open(io.BytesIO(data)) as image:
                if image.format in ("JPEG", "MPO"):
                    image.draft("RGB", reduced_size(image.size))
                image.load()
                ImageOps.exif_transpose(image, in_place=True)  # (a copy of every pixel otherwise)
                if image.mode in ("RGBA", "LA", "P"):
                    image = image.convert("RGBA")
                    background = Image.new("RGB", image.size, (255, 255, 255))
                    background.paste(image, mask=image.getchannel("A"))
                    image = background
                elif image.mode != "RGB":
                    image = image.convert("RGB")
                image.thumbnail((MAX_SIDE, MAX_SIDE))
                image.info.clear()  # JPEG comments (COM) and the rest ride in info into save()
                out = io.BytesIO()
                # No exif=, icc_profile= or comment=: the new file carries pixels only.
                image.save(out, "JPEG", quality=85, optimize=True)
                return Photo("image/jpeg", image.width, image.height, out.getvalue())
    except PhotoError:
        raise
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise PhotoError(N_("A foto tem pixels demais; envie uma foto menor.")) from None
    except UnidentifiedImageError:
        raise PhotoError(N_("Envie fotos em JPEG, PNG ou WebP.")) from None
    except (OSError, ValueError, SyntaxError):
        raise PhotoError(N_("Não foi possível ler a foto; o arquivo pode estar corrompido.")) from None
