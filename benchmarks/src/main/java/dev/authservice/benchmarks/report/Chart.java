package dev.authservice.benchmarks.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * results.png: one panel of horizontal bars per unit (each panel on its own linear scale, starting at zero), each bar
 * labelled with its value; the ratio panel marks 1.0 (the ceiling) and 0.9 (the target of profile_vs_ping and
 * login_vs_hash).
 */
public final class Chart {

    private record Panel(String title, List<String> figures, double marker) {
    }

    private static final List<Panel> PANELS = List.of(
            new Panel("requests per second (HTTP, closed loop; refresh_db_tps: pgbench; refresh_jdbc_tps: pgjdbc)",
                    List.of("ping_rps", "profile_rps", "refresh_rps", "refresh_db_tps", "refresh_jdbc_tps"), 0),
            new Panel("logins per second vs. raw Argon2id verifications per second (login_warm_rps: --warm-logins)",
                    List.of("hash_per_s", "login_rps", "login_rps_under_spray", "login_warm_rps"), 0),
            new Panel("ratios (1.0 = the ceiling; line at 0.90; refresh_vs_db's target is 0.80)",
                    List.of("profile_vs_ping", "login_vs_hash", "login_under_spray_vs_login", "login_vs_hash_warm",
                            "refresh_vs_db", "refresh_vs_db_ceiling", "jdbc_vs_db"), 0.9),
            new Panel("p99 latency, ms", List.of("ping_p99_ms", "profile_p99_ms", "refresh_p99_ms", "login_p99_ms"), 0),
            new Panel("per rotation, from PostgreSQL's statistics", List.of("writes_per_refresh",
                    "commits_per_refresh"), 0),
            new Panel("startup, ms (JDK 17; JDK 25 with an AOT cache)", List.of("startup_ms", "startup_jdk25_aot_ms"),
                    0),
            new Panel("service peak resident memory, MiB", List.of("rss_mb"), 0),
            new Panel("load generator CPU during the HTTP runs, % of one core", List.of("loadgen_cpu_pct"), 0));

    private static final int WIDTH = 1000;
    private static final int LABEL_WIDTH = 170;
    private static final int BAR_HEIGHT = 22;
    private static final int GAP = 6;
    private static final Color BAR = new Color(0x3b6ea5);
    private static final Color TEXT = new Color(0x222222);
    private static final Color GRID = new Color(0xbbbbbb);

    private Chart() {
    }

    public static void write(Path png, Map<String, Double> figures, Map<String, String> machine,
                             Map<String, Object> flags) {
        int height = 90;
        for (Panel panel : PANELS) {
            height += 34 + panel.figures().size() * (BAR_HEIGHT + GAP) + 14;
        }
        BufferedImage image = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, height);

            g.setColor(TEXT);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
            g.drawString("auth-service benchmark (medians of " + flags.get("rounds") + " round(s))", 20, 30);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            g.drawString(machine.get("nproc") + " cores, " + machine.get("cpu") + ", " + machine.get("jdk"), 20, 52);
            g.drawString("concurrency " + flags.get("concurrency") + ", duration " + flags.get("duration_s")
                    + " s, warmup " + flags.get("warmup_s") + " s, warm logins " + flags.get("warm_logins_s")
                    + " s, database " + flags.get("database")
                    + ", errors " + Figures.format("errors", figures.getOrDefault("errors", Double.NaN)), 20, 70);

            int y = 90;
            for (Panel panel : PANELS) {
                y = drawPanel(g, panel, figures, y);
            }
        } finally {
            g.dispose();
        }
        try {
            if (!ImageIO.write(image, "png", png.toFile())) {
                throw new IOException("no PNG writer");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int drawPanel(Graphics2D g, Panel panel, Map<String, Double> figures, int top) {
        g.setColor(TEXT);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        g.drawString(panel.title(), 20, top + 22);
        int y = top + 34;
        double max = panel.marker() > 0 ? Math.max(1.0, panel.marker()) : 0;
        for (String name : panel.figures()) {
            double value = figures.getOrDefault(name, Double.NaN);
            if (Double.isFinite(value)) {
                max = Math.max(max, value);
            }
        }
        max = max <= 0 ? 1 : max * 1.15;
        int x0 = 20 + LABEL_WIDTH;
        int barSpace = WIDTH - x0 - 30;

        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        FontMetrics metrics = g.getFontMetrics();
        int panelHeight = panel.figures().size() * (BAR_HEIGHT + GAP);
        g.setColor(GRID);
        g.drawLine(x0, y - 2, x0, y + panelHeight - GAP + 2);
        for (String name : panel.figures()) {
            double value = figures.getOrDefault(name, Double.NaN);
            g.setColor(TEXT);
            g.drawString(name, 20, y + BAR_HEIGHT / 2 + metrics.getAscent() / 2 - 1);
            int length = Double.isFinite(value) ? (int) Math.round(barSpace * Math.max(0, value) / max) : 0;
            g.setColor(BAR);
            g.fillRect(x0 + 1, y, length, BAR_HEIGHT);
            g.setColor(TEXT);
            String label = Double.isFinite(value) ? Figures.format(name, value) : "n/a";
            g.drawString(label, x0 + length + 6, y + BAR_HEIGHT / 2 + metrics.getAscent() / 2 - 1);
            y += BAR_HEIGHT + GAP;
        }
        if (panel.marker() > 0) {
            for (double mark : new double[] {panel.marker(), 1.0}) {
                int x = x0 + 1 + (int) Math.round(barSpace * mark / max);
                g.setColor(mark == 1.0 ? TEXT : new Color(0xc0392b));
                g.setStroke(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
                        new float[] {5, 4}, 0));
                g.drawLine(x, top + 30, x, y - GAP + 2);
                g.setStroke(new BasicStroke());
                g.drawString(String.format(Locale.ROOT, "%.2f", mark), x - 12, y + 10);
            }
            y += 6;
        }
        return y + 14;
    }
}
