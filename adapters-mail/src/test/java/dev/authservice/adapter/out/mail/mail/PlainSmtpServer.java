package dev.authservice.adapter.out.mail.mail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An SMTP server that offers no STARTTLS, as one whose upgrade an attacker on the path has stripped from its EHLO
 * reply: it answers every command with success and keeps the commands it was sent, so a test sees whether a mail
 * would have gone in the clear.
 */
final class PlainSmtpServer implements AutoCloseable {

    private final ServerSocket socket;
    private final List<String> commands = new CopyOnWriteArrayList<>();
    private final Thread thread;

    PlainSmtpServer() {
        try {
            socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        thread = new Thread(this::serve, "plain-smtp");
        thread.setDaemon(true);
        thread.start();
    }

    int port() {
        return socket.getLocalPort();
    }

    /** The commands received, in order, each as its first word in upper case. */
    List<String> commands() {
        return List.copyOf(commands);
    }

    private void serve() {
        while (!socket.isClosed()) {
            try (Socket client = socket.accept();
                 BufferedReader in = new BufferedReader(new InputStreamReader(client.getInputStream(),
                         StandardCharsets.US_ASCII));
                 Writer out = new OutputStreamWriter(client.getOutputStream(), StandardCharsets.US_ASCII)) {
                reply(out, "220 plain.example ESMTP");
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    String command = line.split(" ", 2)[0].toUpperCase(java.util.Locale.ROOT);
                    commands.add(command);
                    switch (command) {
                        case "EHLO" -> reply(out, "250-plain.example\r\n250 8BITMIME");
                        case "DATA" -> {
                            reply(out, "354 go on");
                            for (String body = in.readLine(); body != null && !body.equals("."); ) {
                                body = in.readLine();
                            }
                            reply(out, "250 kept");
                        }
                        case "QUIT" -> {
                            reply(out, "221 bye");
                            return;
                        }
                        default -> reply(out, "250 ok");
                    }
                }
            } catch (IOException closed) {
                return;
            }
        }
    }

    private static void reply(Writer out, String text) throws IOException {
        out.write(text + "\r\n");
        out.flush();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
