import Foundation

/// A renderer of gl-transitions files written for the tests, apart from the host's adapter: plain
/// EGL and OpenGL ES 2 calls in one small C program, with its own wrapper (uv from gl_FragCoord,
/// images uploaded top row first and flipped in the wrapper's lookups). Images are raw RGBA files.
public enum GLSLReference {
    public static let source = #"""
        #include <EGL/egl.h>
        #include <EGL/eglext.h>
        #include <GLES2/gl2.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        static unsigned char *load(const char *path, size_t bytes) {
            unsigned char *data = malloc(bytes);
            FILE *file = fopen(path, "rb");
            if (!file || fread(data, 1, bytes, file) != bytes) { fprintf(stderr, "cannot read %s\n", path); exit(1); }
            fclose(file);
            return data;
        }

        static GLuint texture(const unsigned char *pixels, int w, int h, int flip) {
            unsigned char *rows = malloc((size_t)w * h * 4);
            for (int y = 0; y < h; y++)
                memcpy(rows + (size_t)y * w * 4, pixels + (size_t)(flip ? h - 1 - y : y) * w * 4, (size_t)w * 4);
            GLuint name;
            glGenTextures(1, &name);
            glBindTexture(GL_TEXTURE_2D, name);
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, rows);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
            free(rows);
            return name;
        }

        /* reference FILE.glsl W H PROGRESS FROM.rgba TO.rgba OUT.rgba [name=type:v,v,... | name=image:F.rgba:w:h]... */
        int main(int argc, char **argv) {
            if (argc < 8) return 2;
            int w = atoi(argv[2]), h = atoi(argv[3]);
            size_t bytes = (size_t)w * h * 4;
            EGLDisplay display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
            if (!eglInitialize(display, NULL, NULL)) return 3;
            eglBindAPI(EGL_OPENGL_ES_API);
            EGLint attributes[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
            EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
            if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) return 4;

            FILE *file = fopen(argv[1], "rb");
            fseek(file, 0, SEEK_END);
            long length = ftell(file);
            rewind(file);
            char *user = calloc(length + 1, 1);
            if (fread(user, 1, length, file) != (size_t)length) return 5;
            fclose(file);
            const char *head = "precision highp float;\nprecision highp int;\n"
                               "uniform sampler2D from;\nuniform sampler2D to;\n"
                               "uniform float progress;\nuniform float ratio;\nuniform vec2 referenceSize;\n"
                               "vec4 getFromColor(vec2 p) { return texture2D(from, vec2(p.x, 1.0 - p.y)); }\n"
                               "vec4 getToColor(vec2 p) { return texture2D(to, vec2(p.x, 1.0 - p.y)); }\n";
            const char *tail = "\nvoid main() { gl_FragColor = transition(gl_FragCoord.xy / referenceSize); }\n";
            char *fragment = calloc(strlen(head) + strlen(user) + strlen(tail) + 1, 1);
            strcat(strcat(strcat(fragment, head), user), tail);
            const char *vertex = "attribute vec2 position;\nvoid main() { gl_Position = vec4(position, 0.0, 1.0); }\n";
            GLuint program = glCreateProgram();
            const char *sources[2] = {vertex, fragment};
            GLenum kinds[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
            for (int i = 0; i < 2; i++) {
                GLuint shader = glCreateShader(kinds[i]);
                glShaderSource(shader, 1, &sources[i], NULL);
                glCompileShader(shader);
                GLint ok;
                glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
                if (!ok) {
                    char log[2000];
                    glGetShaderInfoLog(shader, sizeof log, NULL, log);
                    fprintf(stderr, "%s\n", log);
                    return 6;
                }
                glAttachShader(program, shader);
            }
            glBindAttribLocation(program, 0, "position");
            glLinkProgram(program);
            glUseProgram(program);

            glActiveTexture(GL_TEXTURE0);
            texture(load(argv[5], bytes), w, h, 0);
            glActiveTexture(GL_TEXTURE1);
            texture(load(argv[6], bytes), w, h, 0);
            glUniform1i(glGetUniformLocation(program, "from"), 0);
            glUniform1i(glGetUniformLocation(program, "to"), 1);
            glUniform1f(glGetUniformLocation(program, "progress"), (float)atof(argv[4]));
            glUniform1f(glGetUniformLocation(program, "ratio"), (float)w / (float)h);
            glUniform2f(glGetUniformLocation(program, "referenceSize"), (float)w, (float)h);
            int unit = 2;
            for (int i = 8; i < argc; i++) {
                char name[64], type[16], rest[512];
                if (sscanf(argv[i], "%63[^=]=%15[^:]:%511s", name, type, rest) != 3) return 7;
                GLint at = glGetUniformLocation(program, name);
                if (strcmp(type, "image") == 0) {
                    char path[400];
                    int iw, ih;
                    sscanf(rest, "%399[^:]:%d:%d", path, &iw, &ih);
                    glActiveTexture(GL_TEXTURE0 + unit);
                    texture(load(path, (size_t)iw * ih * 4), iw, ih, 1);
                    glUniform1i(at, unit++);
                    continue;
                }
                float f[4] = {0, 0, 0, 0};
                int n = sscanf(rest, "%f,%f,%f,%f", &f[0], &f[1], &f[2], &f[3]);
                int k[4] = {(int)f[0], (int)f[1], (int)f[2], (int)f[3]};
                if (type[0] == 'f' || type[0] == 'v') {
                    if (n == 1) glUniform1f(at, f[0]);
                    if (n == 2) glUniform2f(at, f[0], f[1]);
                    if (n == 3) glUniform3f(at, f[0], f[1], f[2]);
                    if (n == 4) glUniform4f(at, f[0], f[1], f[2], f[3]);
                } else {
                    if (n == 1) glUniform1i(at, k[0]);
                    if (n == 2) glUniform2i(at, k[0], k[1]);
                    if (n == 3) glUniform3i(at, k[0], k[1], k[2]);
                    if (n == 4) glUniform4i(at, k[0], k[1], k[2], k[3]);
                }
            }

            GLuint target, framebuffer;
            glActiveTexture(GL_TEXTURE0 + 7); /* a unit no sampler reads */
            glGenTextures(1, &target);
            glBindTexture(GL_TEXTURE_2D, target);
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
            glGenFramebuffers(1, &framebuffer);
            glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
            glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
            glViewport(0, 0, w, h);
            const GLfloat quad[] = {-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1};
            glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
            glEnableVertexAttribArray(0);
            glDrawArrays(GL_TRIANGLES, 0, 6);
            unsigned char *pixels = malloc(bytes), *rows = malloc(bytes);
            glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
            for (int y = 0; y < h; y++) memcpy(rows + (size_t)y * w * 4, pixels + (size_t)(h - 1 - y) * w * 4, (size_t)w * 4);
            FILE *out = fopen(argv[7], "wb");
            fwrite(rows, 1, bytes, out);
            fclose(out);
            return 0;
        }
        """#

    /// Builds the program into `folder` once per test run and returns its path.
    public static func build(in folder: URL) throws -> String {
        let file = folder.appendingPathComponent("reference.c")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let program = folder.appendingPathComponent("reference").path
        let cc = try CLI.runProgram("/usr/bin/env", ["cc", "-std=c99", file.path, "-o", program, "-lEGL", "-lGLESv2"])
        guard cc.status == 0 else { throw PluginFixtures.ToolFailure(description: "cc failed: \(cc.stderr)") }
        return program
    }
}
