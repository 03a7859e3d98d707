import Foundation

/// A texture on the GPU: a backing store's copy, a shape's coverage, or a render target.
@MainActor
final class GLTexture {
    let name: UInt32
    /// Its size in texels.
    let width: Int, height: Int
    /// Whether its alpha channel means nothing (an opaque bitmap's): read as 1.
    let isOpaque: Bool
    /// Whether a mipmap chain was made (for drawing it much smaller than it is).
    var hasMipmaps = false
    /// The framebuffer drawing into it, for a render target; 0 otherwise.
    var framebuffer: UInt32 = 0

    init(name: UInt32, width: Int, height: Int, isOpaque: Bool) {
        self.name = name
        self.width = width
        self.height = height
        self.isOpaque = isOpaque
    }
}

/// Where a coverage texture lies on the frame: its texels are device pixels, from `origin`.
struct PlacedMask {
    let texture: GLTexture
    let origin: CGPoint
    var deviceRect: CGRect {
        CGRect(x: origin.x, y: origin.y, width: CGFloat(texture.width), height: CGFloat(texture.height))
    }
}

/// What a GL context keeps from frame to frame for the ``GLLayerRenderer``: its one
/// program, the backing stores' textures (copied again only when a bitmap's
/// ``Bitmap/generation`` moves on), shapes' coverage rasterized once, and render targets
/// for groups, reused.
///
/// Shapes — rounded corners, borders, clips that are not whole-pixel rectangles — are
/// rasterized by Cairo into coverage textures, so their antialiased edges are Cairo's to
/// the pixel; a shape that moves by whole pixels (a row scrolling) reuses its texture.
@MainActor
package final class GLDevice {
    let gl: GLFunctions
    /// The programs made so far, one for each set of features a draw needs.
    private var programs: [GLShaders.Features: Program] = [:]
    /// The largest texture the GL takes, in texels a side.
    let maxTextureSize: Int
    /// The GL renderer's name (`GL_RENDERER`), read when the device was made.
    package let rendererName: String
    /// Whether that renderer draws on the CPU (see ``GLFunctions/isSoftware``).
    package let isSoftware: Bool
    private var frameNumber = 0

    private struct CachedTexture {
        weak var bitmap: Bitmap?
        var generation: Int
        let texture: GLTexture
        var lastUsed: Int
    }
    private var bitmapTextures: [ObjectIdentifier: CachedTexture] = [:]

    /// A shape's coverage, keyed by its outline moved to the texture's origin.
    struct MaskKey: Hashable {
        var paths: [Path]
        var evenOdd: Bool
        var width: Int, height: Int
    }
    private var masks: [MaskKey: (texture: GLTexture, lastUsed: Int)] = [:]
    private var freeTargets: [GLTexture] = []
    /// How many backing stores' textures are kept.
    package var cachedTextureCount: Int { bitmapTextures.count }
    /// Textures uploaded this frame (backing stores copied again or for the first time).
    private(set) var uploads = 0
    /// Coverage textures rasterized this frame.
    private(set) var masksRasterized = 0

    /// A linked program and its uniforms' locations (-1 for those its features leave out).
    struct Program {
        let name: UInt32
        let target, quad, color, texMap, opacity, rect, shapeRect, clipRect: Int32
        /// The blur's uniforms: the texture's size in texels, the picture's size, the
        /// direction, the standard deviation and reach, the reduction factor, the saturation.
        let textureSize, pictureSize, direction, sigma, reach, factor, saturation: Int32
    }
    private var current: UInt32 = 0

    /// A device over the current context's functions `gl`; throws when the shaders do not compile.
    package init(gl: GLFunctions) throws(GLFailure) {
        self.gl = gl
        rendererName = gl.rendererName
        isSoftware = gl.isSoftware
        var size: Int32 = 0
        gl.getIntegerv(GL.maxTextureSize, &size)
        maxTextureSize = Int(max(size, 2048))
        var vao: UInt32 = 0
        gl.genVertexArrays(1, &vao)
        gl.bindVertexArray(vao)
        // The most common program, made now so that a shader the GL refuses is an error here.
        _ = try program(for: [.texture])
    }

    /// The program for `features`, made at first use, and in use from now on.
    func program(for features: GLShaders.Features) throws(GLFailure) -> Program {
        let program: Program
        if let made = programs[features] {
            program = made
        } else {
            let name = try Self.link(gl, features)
            func at(_ uniform: String) -> Int32 { gl.getUniformLocation(name, uniform) }
            program = Program(name: name, target: at("u_target"), quad: at("u_quad"), color: at("u_color"),
                              texMap: at("u_texMap"), opacity: at("u_opacity"), rect: at("u_rect"),
                              shapeRect: at("u_shapeRect"), clipRect: at("u_clipRect"),
                              textureSize: at("u_textureSize"), pictureSize: at("u_pictureSize"),
                              direction: at("u_direction"), sigma: at("u_sigma"), reach: at("u_reach"),
                              factor: at("u_factor"), saturation: at("u_saturation"))
            gl.useProgram(name)
            current = name
            gl.uniform1i(at("u_tex"), 0)
            gl.uniform1i(at("u_shape"), 1)
            gl.uniform1i(at("u_clip"), 2)
            programs[features] = program
        }
        if current != program.name {
            gl.useProgram(program.name)
            current = program.name
        }
        return program
    }

    // MARK: Frames

    /// Starts a frame: resets the counts.
    func beginFrame() {
        frameNumber += 1
        uploads = 0
        masksRasterized = 0
    }

    /// Ends a frame: lets go of the textures of bitmaps that are gone, and of shapes not
    /// drawn for a second.
    func endFrame() {
        var gone: [UInt32] = []
        bitmapTextures = bitmapTextures.filter { _, entry in
            let keep = entry.bitmap != nil && frameNumber - entry.lastUsed < 600
            if !keep { gone.append(entry.texture.name) }
            return keep
        }
        masks = masks.filter { _, entry in
            let keep = frameNumber - entry.lastUsed < 60
            if !keep { gone.append(entry.texture.name) }
            return keep
        }
        if !gone.isEmpty { gl.deleteTextures(Int32(gone.count), gone) }
    }

    // MARK: Textures

    /// The texture holding `bitmap`'s pixels, copied now if they changed since the last copy.
    func texture(for bitmap: Bitmap) -> GLTexture {
        let id = ObjectIdentifier(bitmap)
        if var entry = bitmapTextures[id], entry.bitmap === bitmap {
            if entry.generation != bitmap.generation {
                upload(bitmap, into: entry.texture)
                entry.texture.hasMipmaps = false
                entry.generation = bitmap.generation
            }
            entry.lastUsed = frameNumber
            bitmapTextures[id] = entry
            return entry.texture
        }
        if let stale = bitmapTextures[id] { gl.deleteTextures(1, [stale.texture.name]) }
        let texture = makeTexture(width: bitmap.width, height: bitmap.height, isOpaque: bitmap.isOpaque)
        upload(bitmap, into: texture)
        bitmapTextures[id] = CachedTexture(bitmap: bitmap, generation: bitmap.generation, texture: texture,
                                           lastUsed: frameNumber)
        return texture
    }

    /// A texture of `bitmap`'s pixels for this draw only; release it with ``release(_:)``.
    func temporaryTexture(for bitmap: Bitmap) -> GLTexture {
        let texture = makeTexture(width: bitmap.width, height: bitmap.height, isOpaque: bitmap.isOpaque)
        upload(bitmap, into: texture)
        return texture
    }

    /// Deletes a texture made by ``temporaryTexture(for:)``.
    func release(_ texture: GLTexture) { gl.deleteTextures(1, [texture.name]) }

    /// The texture unit textures are made, filled and mipmapped on, so that making one
    /// never unbinds what a draw has bound to units 0 (contents), 1 (shape) and 2 (clip).
    static let scratchUnit: UInt32 = 3

    private func makeTexture(width: Int, height: Int, isOpaque: Bool) -> GLTexture {
        var name: UInt32 = 0
        gl.genTextures(1, &name)
        gl.activeTexture(GL.texture0 + Self.scratchUnit)
        gl.bindTexture(GL.texture2D, name)
        gl.texParameteri(GL.texture2D, GL.textureWrapS, GL.clampToEdge)
        gl.texParameteri(GL.texture2D, GL.textureWrapT, GL.clampToEdge)
        gl.texParameteri(GL.texture2D, GL.textureMinFilter, GL.nearest)
        gl.texParameteri(GL.texture2D, GL.textureMagFilter, GL.nearest)
        return GLTexture(name: name, width: width, height: height, isOpaque: isOpaque)
    }

    /// Copies the pixels as they are in memory: Cairo's premultiplied ARGB words are the
    /// bytes B, G, R, A, which land in the texture's R, G, B and A. Everything the renderer
    /// draws keeps red and blue swapped so (colours are given swapped too), and the frame
    /// reads back in Cairo's own layout.
    private func upload(_ bitmap: Bitmap, into texture: GLTexture) {
        uploads += 1
        gl.activeTexture(GL.texture0 + Self.scratchUnit)
        gl.bindTexture(GL.texture2D, texture.name)
        bitmap.withUnsafePixels { pixels, wordsPerRow in
            gl.pixelStorei(GL.unpackRowLength, Int32(wordsPerRow))
            gl.pixelStorei(GL.unpackAlignment, 4)
            gl.texImage2D(GL.texture2D, 0, Int32(GL.rgba8), Int32(bitmap.width), Int32(bitmap.height), 0, GL.rgba,
                          GL.unsignedByte, pixels)
            gl.pixelStorei(GL.unpackRowLength, 0)
        }
    }

    /// Makes the mipmap chain of `texture`, once.
    func ensureMipmaps(_ texture: GLTexture) {
        guard !texture.hasMipmaps else { return }
        gl.activeTexture(GL.texture0 + Self.scratchUnit)
        gl.bindTexture(GL.texture2D, texture.name)
        gl.generateMipmap(GL.texture2D)
        texture.hasMipmaps = true
    }

    // MARK: Coverage

    /// The coverage of the intersection of `paths` (device pixels; the last filled with
    /// `evenOdd`, the others as clips), rasterized by Cairo over `box` (whole pixels), or
    /// taken from the cache when the same outlines were drawn at the same place within a
    /// whole-pixel move.
    func mask(of paths: [Path], evenOdd: Bool, over box: CGRect) -> PlacedMask? {
        let width = Int(box.width), height = Int(box.height)
        guard width > 0, height > 0, width <= maxTextureSize, height <= maxTextureSize else { return nil }
        let toOrigin = ProjectiveTransform.translation(-box.minX, -box.minY)
        let local = paths.map { $0.mapped(through: toOrigin) }
        let key = MaskKey(paths: local, evenOdd: evenOdd, width: width, height: height)
        if let hit = masks[key] {
            masks[key] = (hit.texture, frameNumber)
            return PlacedMask(texture: hit.texture, origin: box.origin)
        }
        let bitmap = Bitmap(width: width, height: height)
        let ctx = GraphicsContext(bitmap: bitmap)
        for clip in local.dropLast() { ctx.clip(to: clip) }
        ctx.setFillColor(.white)
        if let last = local.last { ctx.fill(last, evenOdd: evenOdd) }
        let texture = makeTexture(width: width, height: height, isOpaque: false)
        upload(bitmap, into: texture)
        masksRasterized += 1
        masks[key] = (texture, frameNumber)
        return PlacedMask(texture: texture, origin: box.origin)
    }

    // MARK: Render targets

    /// A render target at least `width` × `height` texels (sizes rounded up, so that
    /// targets are reused from frame to frame).
    func target(width: Int, height: Int) -> GLTexture? {
        let w = (width + 63) / 64 * 64, h = (height + 63) / 64 * 64
        guard w <= maxTextureSize, h <= maxTextureSize else { return nil }
        if let i = freeTargets.firstIndex(where: { $0.width == w && $0.height == h }) {
            return freeTargets.remove(at: i)
        }
        let texture = makeTexture(width: w, height: h, isOpaque: false)
        gl.texImage2D(GL.texture2D, 0, Int32(GL.rgba8), Int32(w), Int32(h), 0, GL.rgba, GL.unsignedByte, nil)
        var framebuffer: UInt32 = 0
        gl.genFramebuffers(1, &framebuffer)
        gl.bindFramebuffer(GL.framebuffer, framebuffer)
        gl.framebufferTexture2D(GL.framebuffer, GL.colorAttachment0, GL.texture2D, texture.name, 0)
        guard gl.checkFramebufferStatus(GL.framebuffer) == GL.framebufferComplete else {
            gl.deleteFramebuffers(1, [framebuffer])
            gl.deleteTextures(1, [texture.name])
            return nil
        }
        texture.framebuffer = framebuffer
        return texture
    }

    /// Gives a render target back for reuse; at most eight are kept.
    func recycle(_ target: GLTexture) {
        if freeTargets.count < 8 {
            freeTargets.append(target)
        } else {
            gl.deleteFramebuffers(1, [target.framebuffer])
            gl.deleteTextures(1, [target.name])
        }
    }

    // MARK: Program

    private static func link(_ gl: GLFunctions, _ features: GLShaders.Features) throws(GLFailure) -> UInt32 {
        let vertex = try compile(gl, GL.vertexShader, GLShaders.vertex)
        let fragment = try compile(gl, GL.fragmentShader, GLShaders.fragment(features))
        let program = gl.createProgram()
        gl.attachShader(program, vertex)
        gl.attachShader(program, fragment)
        gl.linkProgram(program)
        var ok: Int32 = 0
        gl.getProgramiv(program, GL.linkStatus, &ok)
        guard ok != 0 else {
            throw GLFailure("the GL program did not link: \(infoLog { gl.getProgramInfoLog(program, 2048, nil, $0) })")
        }
        return program
    }

    /// A GL log, which `read` writes into a buffer of 2,048 characters: the characters
    /// before the first zero.
    private static func infoLog(_ read: (UnsafeMutablePointer<CChar>) -> Void) -> String {
        var log = [CChar](repeating: 0, count: 2048)
        log.withUnsafeMutableBufferPointer { read($0.baseAddress!) }
        return String(decoding: log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func compile(_ gl: GLFunctions, _ kind: UInt32, _ source: String) throws(GLFailure) -> UInt32 {
        let shader = gl.createShader(kind)
        source.withCString { text in
            var pointer: UnsafePointer<CChar>? = text
            gl.shaderSource(shader, 1, &pointer, nil)
        }
        gl.compileShader(shader)
        var ok: Int32 = 0
        gl.getShaderiv(shader, GL.compileStatus, &ok)
        guard ok != 0 else {
            throw GLFailure("a GL shader did not compile: \(infoLog { gl.getShaderInfoLog(shader, 2048, nil, $0) })")
        }
        return shader
    }
}

/// The renderer's shaders (GLSL ES 3.00): one program draws every quad.
enum GLShaders {
    /// Places a device-pixel quad (`u_quad`: min x, min y, max x, max y) on the current
    /// target (`u_target`: its origin and size in device pixels), from the vertex index alone.
    static let vertex = """
        #version 300 es
        uniform vec4 u_target;
        uniform vec4 u_quad;
        void main() {
            vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
            vec2 p = mix(u_quad.xy, u_quad.zw, corner);
            gl_Position = vec4(2.0 * (p - u_target.xy) / u_target.zw - 1.0, 0.0, 1.0);
        }
        """

    /// What a draw needs of the fragment shader; each set is its own program, so that a
    /// pixel runs only what it needs (a software GL such as llvmpipe pays for every line).
    struct Features: OptionSet, Hashable {
        let rawValue: Int
        /// A texture, not a solid colour.
        static let texture = Features(rawValue: 1)
        /// The texture is mapped with perspective (a division per pixel).
        static let projective = Features(rawValue: 2)
        /// The texture's alpha means nothing: read as 1.
        static let opaqueTexture = Features(rawValue: 4)
        /// An axis-aligned rectangle's exact area covers each pixel.
        static let rectangle = Features(rawValue: 8)
        /// A shape's coverage texture.
        static let shape = Features(rawValue: 16)
        /// The clip's coverage texture.
        static let clip = Features(rawValue: 32)
        /// A backdrop's first pass: each pixel the average of a `u_factor` × `u_factor`
        /// square of the texture (clamped to the picture).
        static let reduce = Features(rawValue: 64)
        /// A backdrop's blur along `u_direction`, taps outside the picture left out (so
        /// its edges do not darken), then the saturation (1 leaves the colours).
        static let blur = Features(rawValue: 128)
    }

    /// Colours a pixel: a solid colour or a texture mapped from device pixels (`u_texMap`,
    /// projectively when asked), times opacity, times coverage — an axis-aligned
    /// rectangle's exact area (`u_rect`), a shape's coverage texture and the clip's, both
    /// placed in device pixels.
    static func fragment(_ features: Features) -> String {
        var defines = ""
        let names: [(Features, String)] = [(.texture, "TEXTURE"), (.projective, "PROJECTIVE"),
                                           (.opaqueTexture, "OPAQUE_TEXTURE"), (.rectangle, "RECTANGLE"),
                                           (.shape, "SHAPE"), (.clip, "CLIP"), (.reduce, "REDUCE"), (.blur, "BLUR")]
        for (feature, name) in names where features.contains(feature) { defines += "#define \(name) 1\n" }
        return "#version 300 es\n" + defines + fragmentBody
    }

    private static let fragmentBody = """
        precision highp float;
        uniform vec4 u_target;
        uniform vec4 u_color;
        uniform sampler2D u_tex;
        uniform mat3 u_texMap;
        uniform float u_opacity;
        uniform vec4 u_rect;
        uniform sampler2D u_shape;
        uniform vec4 u_shapeRect;
        uniform sampler2D u_clip;
        uniform vec4 u_clipRect;
        uniform vec2 u_textureSize;
        uniform vec2 u_pictureSize;
        uniform vec2 u_direction;
        uniform float u_sigma;
        uniform int u_reach;
        uniform int u_factor;
        uniform float u_saturation;
        out vec4 fragColor;

        float coverage(sampler2D m, vec4 r, vec2 d) {
            vec2 t = (d - r.xy) / r.zw;
            if (t.x < 0.0 || t.y < 0.0 || t.x > 1.0 || t.y > 1.0) return 0.0;
            return texture(m, t).a;
        }

        void main() {
            vec2 d = gl_FragCoord.xy + u_target.xy;
        #if defined(REDUCE)
            {
            // Texel centres of the square this pixel stands for, from u_texMap's origin.
            vec2 first = (u_texMap * vec3(floor(d) * float(u_factor), 1.0)).xy;
            vec4 sum = vec4(0.0);
            for (int j = 0; j < u_factor; j++) {
                for (int i = 0; i < u_factor; i++) {
                    vec2 t = clamp(first + vec2(float(i), float(j)), vec2(0.0), u_pictureSize - 1.0);
                    sum += texture(u_tex, (t + 0.5) / u_textureSize);
                }
            }
            fragColor = sum / float(u_factor * u_factor);
            return;
            }
        #elif defined(BLUR)
            {
            vec2 p = floor(d);
            vec4 sum = vec4(0.0);
            float weights = 0.0;
            for (int i = -u_reach; i <= u_reach; i++) {
                vec2 t = p + u_direction * float(i);
                if (t.x < 0.0 || t.y < 0.0 || t.x >= u_pictureSize.x || t.y >= u_pictureSize.y) continue;
                float w = exp(-float(i * i) / (2.0 * u_sigma * u_sigma));
                sum += w * texture(u_tex, (t + 0.5) / u_textureSize);
                weights += w;
            }
            vec4 c = sum / max(weights, 1e-6);
            // Red and blue are swapped throughout: .b is red, .r is blue.
            float luma = 0.2126 * c.b + 0.7152 * c.g + 0.0722 * c.r;
            c.rgb = min(max(vec3(luma) + (c.rgb - vec3(luma)) * u_saturation, 0.0), c.a);
            fragColor = c;
            return;
            }
        #endif
        #ifdef TEXTURE
        #ifdef PROJECTIVE
            vec3 uv = u_texMap * vec3(d, 1.0);
            vec4 c = texture(u_tex, uv.xy / uv.z);
        #else
            vec4 c = texture(u_tex, (u_texMap * vec3(d, 1.0)).xy);
        #endif
        #ifdef OPAQUE_TEXTURE
            c.a = 1.0;
        #endif
            float cover = u_opacity;
        #else
            vec4 c = u_color;
            float cover = 1.0;
        #endif
        #ifdef RECTANGLE
            vec2 lo = max(d - 0.5, u_rect.xy), hi = min(d + 0.5, u_rect.zw);
            vec2 s = clamp(hi - lo, 0.0, 1.0);
            cover *= s.x * s.y;
        #endif
        #ifdef SHAPE
            cover *= coverage(u_shape, u_shapeRect, d);
        #endif
        #ifdef CLIP
            cover *= coverage(u_clip, u_clipRect, d);
        #endif
            fragColor = c * cover;
        }
        """
}
