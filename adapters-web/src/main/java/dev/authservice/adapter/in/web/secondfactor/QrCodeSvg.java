package dev.authservice.adapter.in.web.secondfactor;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * A QR code as an SVG image, for a TOTP enrolment's key URI: drawn here, on the server, so that a client shows it with
 * an {@code <img>} and needs no QR library of its own, nor one loaded from elsewhere. ZXing encodes; the drawing is one
 * path of black rectangles, a row's run of dark modules each, on a white square with the quiet zone the QR
 * specification asks for. Nothing is kept and nothing is logged: the text is a secret.
 */
final class QrCodeSvg {

    /** The light border around the code, in modules: the four ISO/IEC 18004 asks for, so every camera finds it. */
    static final int QUIET_ZONE = 4;
    /** Pixels per module at the image's natural size; a client scales it as it likes (it is a vector image). */
    static final int MODULE_PIXELS = 4;
    static final String DATA_URI_PREFIX = "data:image/svg+xml;base64,";

    /**
     * Medium error correction (15% of the code may be lost), as authenticator apps' own examples use: a key URI
     * stays within a code that a phone reads from a screen at arm's length.
     */
    private static final Map<EncodeHintType, Object> HINTS = Map.of(
            EncodeHintType.ERROR_CORRECTION, ErrorCorrectionLevel.M,
            EncodeHintType.MARGIN, QUIET_ZONE);

    private QrCodeSvg() {
    }

    /** {@code text} as a {@code data:} URI of an SVG image of its QR code. */
    static String dataUri(String text) {
        return DATA_URI_PREFIX + Base64.getEncoder().encodeToString(svg(text).getBytes(StandardCharsets.UTF_8));
    }

    static String svg(String text) {
        return svg(matrix(text));
    }

    /** The modules, one bit each, with the quiet zone; {@code text} is ASCII, as a key URI is, so no ECI is needed. */
    static BitMatrix matrix(String text) {
        try {
            return new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 0, 0, HINTS);
        } catch (WriterException e) {
            throw new IllegalArgumentException("too long for a QR code: " + text.length() + " characters", e);
        }
    }

    static String svg(BitMatrix matrix) {
        int width = matrix.getWidth();
        int height = matrix.getHeight();
        StringBuilder path = new StringBuilder();
        for (int y = 0; y < height; y++) {
            int x = 0;
            while (x < width) {
                if (!matrix.get(x, y)) {
                    x++;
                    continue;
                }
                int start = x;
                while (x < width && matrix.get(x, y)) {
                    x++;
                }
                path.append('M').append(start).append(' ').append(y)
                        .append('h').append(x - start).append("v1h-").append(x - start).append('z');
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + width + " " + height + "\" width=\""
                + width * MODULE_PIXELS + "\" height=\"" + height * MODULE_PIXELS + "\" shape-rendering=\"crispEdges\">"
                + "<rect width=\"" + width + "\" height=\"" + height + "\" fill=\"#fff\"/>"
                + "<path fill=\"#000\" d=\"" + path + "\"/></svg>";
    }
}
