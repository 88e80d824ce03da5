package dev.authservice.adapter.in.web.secondfactor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.LuminanceSource;
import com.google.zxing.NotFoundException;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The SVG is read back as a camera would: its path drawn into pixels, and those decoded by ZXing's reader. So the test
 * holds the drawing, not only the encoder, to the text.
 */
class QrCodeSvgTest {

    private static final String KEY_URI = "otpauth://totp/auth-service:alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
            + "&issuer=auth-service&algorithm=SHA1&digits=6&period=30";
    private static final Pattern RUN = Pattern.compile("M(\\d+) (\\d+)h(\\d+)v1h-(\\d+)z");
    private static final int PIXELS_PER_MODULE = 3;

    @Test
    void aCameraReadsTheKeyUriBackFromTheSvg() throws Exception {
        assertEquals(KEY_URI, decode(QrCodeSvg.svg(KEY_URI)));
    }

    /** A username is at most 64 UTF-16 units; each percent-encodes to at most nine characters (a BMP one, "€"). */
    @Test
    void theLongestKeyUriFitsAndReadsBack() throws Exception {
        String uri = KEY_URI.replace(":alice?", ":" + "%E2%82%AC".repeat(64) + "?");

        assertEquals(uri, decode(QrCodeSvg.svg(uri)));
    }

    @Test
    void theDataUriIsTheSvgInBase64() {
        String uri = QrCodeSvg.dataUri(KEY_URI);

        assertTrue(uri.startsWith("data:image/svg+xml;base64,"), uri);
        assertEquals(QrCodeSvg.svg(KEY_URI), new String(Base64.getDecoder().decode(
                uri.substring("data:image/svg+xml;base64,".length())), StandardCharsets.UTF_8));
    }

    /** An image shown to a page is inert anyway; this one holds nothing but a square and one path. */
    @Test
    void theSvgHoldsARectangleAndAPathOnly() throws Exception {
        Element svg = parse(QrCodeSvg.svg(KEY_URI));

        List<String> children = new ArrayList<>();
        for (Node child = svg.getFirstChild(); child != null; child = child.getNextSibling()) {
            children.add(child.getNodeName());
        }
        assertEquals(List.of("rect", "path"), children);
        assertEquals(0, svg.getElementsByTagName("script").getLength());
    }

    @Test
    void aQuietZoneOfFourModulesSurroundsTheCode() throws Exception {
        boolean[][] modules = modules(QrCodeSvg.svg(KEY_URI));
        int size = modules.length;

        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                boolean border = x < 4 || y < 4 || x >= size - 4 || y >= size - 4;
                if (border) {
                    assertTrue(!modules[y][x], "module " + x + "," + y + " of the quiet zone is dark");
                }
            }
        }
        assertTrue(modules[4][4], "the finder pattern starts right inside the quiet zone");
    }

    /** Without the path's runs there is nothing to read: the decoding above depends on them. */
    @Test
    void aBlankSquareIsNotRead() {
        String blank = QrCodeSvg.svg(KEY_URI).replaceAll(" d=\"[^\"]*\"", " d=\"\"");

        assertThrows(NotFoundException.class, () -> decode(blank));
    }

    private static String decode(String svg) throws Exception {
        boolean[][] modules = modules(svg);
        return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(new Pixels(modules)))).getText();
    }

    /** The dark modules the SVG draws, by row: its viewBox is the grid, and each run of the path fills one row. */
    private static boolean[][] modules(String svg) throws Exception {
        Element root = parse(svg);
        String[] viewBox = root.getAttribute("viewBox").split(" ");
        int width = Integer.parseInt(viewBox[2]);
        int height = Integer.parseInt(viewBox[3]);
        assertEquals(width, height, "a square");
        boolean[][] modules = new boolean[height][width];
        String path = ((Element) root.getElementsByTagName("path").item(0)).getAttribute("d");
        Matcher run = RUN.matcher(path);
        int end = 0;
        while (run.find()) {
            assertEquals(end, run.start(), "nothing but runs in the path: " + path.substring(end, run.start()));
            int x = Integer.parseInt(run.group(1));
            int y = Integer.parseInt(run.group(2));
            int length = Integer.parseInt(run.group(3));
            assertEquals(length, Integer.parseInt(run.group(4)));
            for (int i = x; i < x + length; i++) {
                modules[y][i] = true;
            }
            end = run.end();
        }
        assertEquals(path.length(), end, "nothing but runs in the path");
        return modules;
    }

    private static Element parse(String svg) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document document = factory.newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        Element root = document.getDocumentElement();
        assertEquals("svg", root.getNodeName());
        return root;
    }

    /** Grey levels of the modules drawn a few pixels each, black on white, as a camera would see them. */
    private static final class Pixels extends LuminanceSource {

        private final byte[] luminances;

        Pixels(boolean[][] modules) {
            super(modules[0].length * PIXELS_PER_MODULE, modules.length * PIXELS_PER_MODULE);
            luminances = new byte[getWidth() * getHeight()];
            for (int y = 0; y < getHeight(); y++) {
                for (int x = 0; x < getWidth(); x++) {
                    boolean dark = modules[y / PIXELS_PER_MODULE][x / PIXELS_PER_MODULE];
                    luminances[y * getWidth() + x] = (byte) (dark ? 0 : 255);
                }
            }
        }

        @Override
        public byte[] getRow(int y, byte[] row) {
            byte[] target = row == null || row.length < getWidth() ? new byte[getWidth()] : row;
            System.arraycopy(luminances, y * getWidth(), target, 0, getWidth());
            return target;
        }

        @Override
        public byte[] getMatrix() {
            return luminances.clone();
        }
    }
}
